import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderChange } from '@topup/common/api';
import { useEffect } from 'react';
import { API_BASE } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';

/** Reconnection waits: doubling from the first, up to the last. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/** The session is gone (401) or may not read orders: the stream stays closed until the next sign-in. */
class StreamRefused extends Error {}

/** What a change makes stale: the orders list, and the changed order's page (every order's when some changes may have been missed). */
function invalidateOrders(queryClient: QueryClient, token: string, change?: OrderChange): void {
  void queryClient.invalidateQueries({ queryKey: ['orders', token] });
  void queryClient.invalidateQueries({ queryKey: change ? ['order', token, change.id] : ['order', token] });
}

/**
 * Keeps the signed-in shopper's orders live: one `GET /api/orders/events` stream per tab, read with
 * fetch so the token goes in the Authorization header and never in the URL. Each change refetches the
 * orders list and that order's page at once; the pages' own polls stay as the fallback for a stream
 * that cannot connect. A hidden tab closes its stream (a browser allows only a few open connections
 * per site) and catches up when shown again; a dropped stream reconnects with a growing wait.
 */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    let failures = 0;
    let openedBefore = false;
    void fetchEventSource(`${API_BASE}/orders/events`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: abort.signal,
      openWhenHidden: false,
      async onopen(response) {
        if (response.status === 401 || response.status === 403) throw new StreamRefused();
        if (!response.ok || !response.headers.get('content-type')?.startsWith(EventStreamContentType)) {
          throw new Error(`The order stream answered ${response.status}`);
        }
        failures = 0;
        // Whatever changed while the stream was down (or the tab hidden) is fetched again.
        if (openedBefore) invalidateOrders(queryClient, token);
        openedBefore = true;
      },
      onmessage(message) {
        if (message.event === 'order') invalidateOrders(queryClient, token, JSON.parse(message.data) as OrderChange);
        else if (message.event === 'resync') invalidateOrders(queryClient, token);
      },
      onclose() {
        // The server ended it (it shuts down, or the session ended): connect again, and learn which.
        throw new Error('The order stream closed');
      },
      onerror(err) {
        if (err instanceof StreamRefused) throw err;
        failures += 1;
        return Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LAST_RETRY_MS);
      },
    }).catch(() => {
      // Refused: the pages' polls carry on alone.
    });
    return () => abort.abort();
  }, [queryClient, token]);
}
