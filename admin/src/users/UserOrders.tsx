import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { MoneyField } from '../components/MoneyField';
import { OrderSimpleList } from '../orders/OrderSimpleList';
import { OrderStatusField } from '../orders/OrderStatusField';
import type { AdminOrder } from '@topup/common/api';

const Column = DataTable.Col<AdminOrder>;

/** The user's orders, newest first; a row opens the order. */
export function UserOrders() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <ReferenceManyField
      reference="orders"
      target="userId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      empty={false}
    >
      {isSmall ? (
        <OrderSimpleList primaryText={(order) => `#${order.id}`} />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="id" label="resources.orders.fields.id" render={(order) => `#${order.id}`} />
          <Column source="createdAt" label="resources.orders.fields.createdAt">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="status" label="resources.orders.fields.status">
            <OrderStatusField />
          </Column>
          <Column source="total" label="resources.orders.fields.total" align="right">
            <MoneyField source="total" currencySource="currency" sx={{ fontWeight: 700 }} />
          </Column>
        </DataTable>
      )}
    </ReferenceManyField>
  );
}
