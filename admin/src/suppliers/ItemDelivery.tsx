import { Box, Chip, Typography } from '@mui/material';
import type { AdminOrderItem } from '@topup/common/api';
import { useRecordContext, useTranslate } from 'react-admin';
import { FactList } from '../components/FactList';
import { formatMoney } from '../lib/money';

const STATUS_COLORS = { creating: 'default', pending: 'warning', succeeded: 'success', failed: 'error' } as const;

/** How an order item is delivered through a supplier (its latest attempt): who, our reference, their order, status and cost. */
export function ItemDelivery() {
  const item = useRecordContext<AdminOrderItem>();
  const translate = useTranslate();
  const delivery = item?.delivery;
  if (!delivery) return <Typography variant="body2" color="text.secondary">—</Typography>;
  const facts: Array<[string, string]> = [
    ['supplier', delivery.supplier],
    ['reference', delivery.reference],
    ['supplier_order_id', delivery.supplierOrderId ?? '—'],
    ['cost', formatMoney(delivery.cost, delivery.costCurrency)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLORS[delivery.status]}
        label={translate(`resources.orders.delivery.statuses.${delivery.status}`)}
        sx={{ justifySelf: 'start' }}
      />
      <FactList facts={facts.map(([fact, value]) => ({ label: translate(`resources.orders.delivery.${fact}`), value }))} />
    </Box>
  );
}
