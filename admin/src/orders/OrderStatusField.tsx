import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip } from '@mui/material';
import { isOrderStatus } from '@topup/common';
import { useRecordContext, useTranslate } from 'react-admin';
import { needsAttention, ORDER_STATUS_COLORS } from './orderStatus';
import type { AdminOrder } from '@topup/common/api';

/** The status as a coloured chip. */
export function OrderStatusChip({ status, size = 'small' }: { status: unknown; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  if (!isOrderStatus(status)) return <Chip size={size} label={String(status ?? '—')} />;
  return (
    <Chip
      size={size}
      color={ORDER_STATUS_COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={translate(`resources.orders.status.${status}`)}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** The status, and beside it the needs-attention marker of a flagged order. */
export function OrderStatusWithMarker({ order }: { order: Pick<AdminOrder, 'status' | 'attentionReason'> }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', verticalAlign: 'middle' }}>
      <OrderStatusChip status={order.status} />
      {needsAttention(order) && (
        <Chip size="small" color="error" variant="outlined" icon={<WarningAmberIcon />} label={translate('order_attention.marker')} />
      )}
    </Box>
  );
}

export function OrderStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<AdminOrder>();
  return record ? <OrderStatusWithMarker order={record} /> : null;
}
