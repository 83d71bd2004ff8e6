import { Typography } from '@mui/material';
import type { AdminOrderItem } from '@topup/common/api';
import { useRecordContext, useTranslate } from 'react-admin';
import { FactList } from '../components/FactList';
import { formatMoney } from '../lib/money';
import type { ShownOrder } from './types';

/** What an item delivered by a supplier cost and earned in the order's currency, or why that is unknown. */
export function ItemMargin({ currency }: { currency: string }) {
  const item = useRecordContext<AdminOrderItem>();
  const translate = useTranslate();
  const margin = item?.margin;
  if (!margin) return <Typography variant="body2" color="text.secondary">—</Typography>;
  if (margin.unknown) {
    return (
      <Typography variant="body2" color="warning.main">
        {translate(`margins.unknown.${margin.unknown}`, { currency: item.delivery?.costCurrency ?? '' })}
      </Typography>
    );
  }
  return (
    <FactList
      facts={[
        { label: translate('margins.cost'), value: `${formatMoney(margin.cost, currency)}${margin.rate && margin.rate !== '1' ? ` (${translate('margins.rate', { rate: margin.rate })})` : ''}` },
        { label: translate('margins.margin'), value: formatMoney(margin.margin, currency) },
      ]}
    />
  );
}

/** The order's cost and margin over its items of known cost. */
export function OrderMarginLine({ order }: { order: ShownOrder }) {
  const translate = useTranslate();
  if (!order.margin) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1, fontWeight: 700 }}>
      {translate('margins.order_total', { cost: formatMoney(order.margin.cost, order.currency), margin: formatMoney(order.margin.margin, order.currency) })}
      {!order.margin.complete && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {translate('margins.order_incomplete')}
        </Typography>
      )}
    </Typography>
  );
}
