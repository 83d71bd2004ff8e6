import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { RefundOrderButton } from './RefundOrderButton';
import { RetryDeliveryButton } from './RetryDeliveryButton';
import type { ShownOrder } from './types';

/**
 * At the top of a flagged order: why (its delivery stopped, or money around it is in doubt), and the
 * ways out the order still offers (retry and refund show themselves only where they apply).
 */
export function OrderAttentionAlert() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!order?.attentionReason) return null;
  // A processing order is flagged when its delivery ran out of attempts; any other, when its money is in doubt.
  const delivery = order.status === 'processing';
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="order-attention">
      <AlertTitle>{translate(delivery ? 'order_attention.title' : 'order_attention.money_title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(delivery ? 'order_attention.text' : 'order_attention.money_text', { since: formatDateTime(order.attentionSince) })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        <strong>{translate('order_attention.reason')}:</strong> {order.attentionReason}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <RetryDeliveryButton flagged />
        <RefundOrderButton labelled />
      </Box>
    </Alert>
  );
}
