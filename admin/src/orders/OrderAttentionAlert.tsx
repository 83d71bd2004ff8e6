import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { needsAttention } from './orderStatus';
import { RefundOrderButton } from './RefundOrderButton';
import { RetryDeliveryButton } from './RetryDeliveryButton';
import type { ShownOrder } from './types';

/** At the top of a flagged order: why its delivery stopped, and the two ways out (retry, refund). */
export function OrderAttentionAlert() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!order || !needsAttention(order)) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="order-attention">
      <AlertTitle>{translate('order_attention.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('order_attention.text', { since: formatDateTime(order.attentionSince) })}
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
