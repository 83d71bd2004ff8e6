import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';

/** Where the queue dashboard (bull-board) lives. */
export const QUEUE_DASHBOARD_URL = '/api/admin/queues';

/** A page of the queue dashboard: its home, or one queue's failed jobs. */
export function queueDashboardUrl(queue?: string): string {
  return queue ? `${QUEUE_DASHBOARD_URL}/queue/${encodeURIComponent(queue)}?status=failed` : `${QUEUE_DASHBOARD_URL}/`;
}

/**
 * Opens the queue dashboard in a new tab. A page navigation cannot carry the bearer token, so the
 * back office first trades it for the dashboard's short-lived cookie (POST /api/admin/queues/session).
 * The tab is opened on the click itself (a tab opened after an await is taken for a pop-up and blocked)
 * and sent to the dashboard once the cookie is set.
 */
export function useOpenQueueDashboard(): (queue?: string) => Promise<void> {
  const request = useApiRequest();
  const notify = useNotify();
  return useCallback(
    async (queue?: string) => {
      const tab = window.open('about:blank', '_blank');
      if (tab) tab.opener = null;
      try {
        await request('POST', `${QUEUE_DASHBOARD_URL}/session`);
        const url = queueDashboardUrl(queue);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        notify(...errorNotification(error));
      }
    },
    [request, notify],
  );
}
