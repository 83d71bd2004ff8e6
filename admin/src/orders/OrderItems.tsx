import { Box, Chip, Divider, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ArrayField, DataTable, RecordContextProvider, useRecordContext, useTranslate } from 'react-admin';
import { FactList } from '../components/FactList';
import { MoneyField } from '../components/MoneyField';
import { ItemDelivery } from '../suppliers/ItemDelivery';
import { ItemMargin, OrderMarginLine } from './ItemMargin';
import { topupDataRows } from './topupData';
import type { AdminOrderItem } from '@topup/common/api';
import type { ShownOrder } from './types';

const Column = DataTable.Col<AdminOrderItem>;

function TopupDataCell() {
  const item = useRecordContext<AdminOrderItem>();
  const translate = useTranslate();
  const rows = topupDataRows(item?.topupData, (service) => translate(`order_notices.games.${service}`, { _: service }));
  if (rows.length === 0) return <Typography variant="body2" color="text.secondary">—</Typography>;
  return <FactList facts={rows.map(({ field, value }) => ({ label: translate(`resources.orders.topup.${field}`), value }))} />;
}

const PROVIDER_COLORS = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

function ProviderStatusCell() {
  const item = useRecordContext<AdminOrderItem>();
  const translate = useTranslate();
  if (!item?.providerStatus) return <Typography variant="body2" color="text.secondary">—</Typography>;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PROVIDER_COLORS[item.providerStatus] ?? 'default'}
      label={translate(`resources.orders.provider.${item.providerStatus}`, { _: item.providerStatus })}
    />
  );
}

/** On a phone: each item as a short card instead of a wide table. */
function OrderItemCards({ order }: { order: ShownOrder }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {(order.items ?? []).map((item, index) => (
        <RecordContextProvider key={item.id} value={item}>
          {index > 0 && <Divider />}
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 700 }}>
                {item.productTitle ?? translate(`resources.orders.item.type.${item.itemType}`, { _: item.itemType })}
                {item.gameAmount ? ` × ${item.gameAmount}` : ''}
              </Typography>
              <MoneyField source="amount" currency={order.currency} sx={{ fontWeight: 700 }} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant="outlined" label={translate(`resources.orders.item.type.${item.itemType}`, { _: item.itemType })} />
              <ProviderStatusCell />
            </Box>
            {item.topupData && <TopupDataCell />}
            {item.delivery && <ItemDelivery />}
            {item.margin && <ItemMargin currency={order.currency} />}
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

/** The order's items: what was bought or topped up, for how much; activation codes stay hidden. */
export function OrderItems() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!order) return null;
  return (
    <>
      {isPhone ? (
        <OrderItemCards order={order} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <ArrayField source="items">
            <DataTable bulkActionButtons={false} rowClick={false} sx={{ '& td': { verticalAlign: 'top' } }}>
              <Column
                source="itemType"
                label="resources.orders.item.itemType"
                disableSort
                render={(item) => translate(`resources.orders.item.type.${item.itemType}`, { _: item.itemType })}
              />
              <Column source="productTitle" label="resources.orders.item.productTitle" disableSort />
              <Column source="gameAmount" label="resources.orders.item.gameAmount" disableSort align="right" />
              <Column source="topupData" label="resources.orders.item.topupData" disableSort>
                <TopupDataCell />
              </Column>
              <Column source="providerStatus" label="resources.orders.item.providerStatus" disableSort>
                <ProviderStatusCell />
              </Column>
              <Column source="delivery" label="resources.orders.delivery.title" disableSort>
                <ItemDelivery />
              </Column>
              <Column source="margin" label="margins.margin" disableSort>
                <ItemMargin currency={order.currency} />
              </Column>
              <Column source="amount" label="resources.orders.item.amount" disableSort align="right">
                <MoneyField source="amount" currency={order.currency} />
              </Column>
            </DataTable>
          </ArrayField>
        </Box>
      )}
      <OrderMarginLine order={order} />
      {order.kind === 'codes' && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('resources.orders.item.codes_hidden')}
        </Typography>
      )}
    </>
  );
}
