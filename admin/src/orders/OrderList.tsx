import { useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { MoneyField } from '../components/MoneyField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { OrderListAside } from './OrderListAside';
import { OrderSimpleList } from './OrderSimpleList';
import { OrderStatusField } from './OrderStatusField';
import { ORDER_STATUS_CHOICES } from './orderStatus';
import type { AdminOrder } from '@topup/common/api';
import { UserLinkField } from './UserLinkField';

const orderFilters = [
  // The API searches by order number only ("#1234" or "1234"): anything else never reaches it.
  <SearchFilterInput
    key="q"
    source="q"
    alwaysOn
    placeholder="resources.orders.filters.search"
    parse={(value: string) => value.replace(/[^\d#]/g, '')}
    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
  />,
  <SelectInput key="status" source="status" choices={ORDER_STATUS_CHOICES} alwaysOn />,
  <BooleanInput key="needsAttention" source="needsAttention" label="order_attention.filter" />,
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput optionText="nickname" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

const Column = DataTable.Col<AdminOrder>;

/** All orders, newest first, with filters by status, buyer, creation date and order id. */
export function OrderList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={orderFilters}
      aside={isSmall ? undefined : <OrderListAside />}
    >
      {isSmall ? (
        <OrderSimpleList primaryText={(order) => `#${order.id} · ${order.userNickname}`} />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="id" label="resources.orders.fields.id" render={(order) => `#${order.id}`} />
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="userId" disableSort label="resources.orders.fields.userNickname">
            <UserLinkField />
          </Column>
          <Column source="status">
            <OrderStatusField />
          </Column>
          <Column
            source="kind"
            disableSort
            render={(order) => translate(`resources.orders.kind.${order.kind}`, { _: order.kind })}
          />
          <Column
            source="paymentMethod"
            disableSort
            render={(order) => translate(`resources.orders.payment.${order.paymentMethod}`, { _: order.paymentMethod })}
          />
          <Column source="total" align="right">
            <MoneyField source="total" currencySource="currency" sx={{ fontWeight: 700 }} />
          </Column>
          <Column source="totalUsd" disableSort align="right">
            <MoneyField source="totalUsd" currency="usd" sx={{ color: 'text.secondary' }} />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
