import { Box, Chip, Typography } from '@mui/material';
import type { AdminOrderItem } from '@topup/common/api';
import { useRecordContext, useTranslate } from 'react-admin';
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
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
        {facts.map(([fact, value]) => (
          <Box key={fact} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`resources.orders.delivery.${fact}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
