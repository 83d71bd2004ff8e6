import { Chip } from '@mui/material';
import { isOrderStatus } from '@topup/common';
import { useRecordContext, useTranslate } from 'react-admin';
import { ORDER_STATUS_COLORS } from './orderStatus';
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

export function OrderStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<AdminOrder>();
  return record ? <OrderStatusChip status={record.status} /> : null;
}
