import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import { needsAttention } from './orderStatus';
import type { ShownOrder } from './types';

/**
 * Sends a processing order's delivery again; disabled while the request runs, so a double click sends
 * one. A flagged order offers it in its alert (`flagged`), any other processing order in the toolbar,
 * for a delivery whose job was lost (the API refuses while a job is live).
 */
export function RetryDeliveryButton({ flagged }: { flagged: boolean }) {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [pending, setPending] = useState(false);
  if (order?.status !== 'processing' || needsAttention(order) !== flagged) return null;

  const retry = async () => {
    if (pending) return;
    setPending(true);
    try {
      await request('POST', `${RESOURCE_ENDPOINTS.orders}/${order.id}/retry-delivery`, {});
      notify('order_attention.retried', { type: 'info', messageArgs: { id: order.id } });
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
      refresh();
    } finally {
      setPending(false);
    }
  };

  return (
    <Button onClick={() => void retry()} disabled={pending} variant="contained" size="small" startIcon={<ReplayIcon />}>
      {translate('order_attention.retry')}
    </Button>
  );
}
