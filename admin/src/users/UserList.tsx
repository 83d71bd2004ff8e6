import { Box, useMediaQuery, type Theme } from '@mui/material';
import { USER_ROLES } from '@topup/common';
import type { AdminUser } from '@topup/common/api';
import { DataTable, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { MoneyColumn } from '../components/MoneyField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { formatPrices } from '../lib/money';
import { UserOrdersCountField } from './UserOrdersCountField';
import { UserRoleChip, UserRoleField } from './UserRoleField';

const ROLE_CHOICES = USER_ROLES.map((id) => ({ id, name: `resources.users.role.${id}` }));

const userFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.users.filters.search" />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<AdminUser>;

/** Users with their balances and order counts; a row opens the user's page. */
export function UserList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sort={{ field: 'id', order: 'DESC' }} perPage={25} filters={userFilters}>
      {isSmall ? (
        <SimpleList<AdminUser>
          primaryText={(user) => (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {user.nickname} <UserRoleChip role={user.role} />
            </Box>
          )}
          secondaryText={(user) => formatPrices(user.balanceUsd, user.balanceRub)}
          tertiaryText={(user) => translate('resources.users.orders_count', { smart_count: user.ordersCount })}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="id" />
          <Column source="nickname" sx={{ fontWeight: 600 }} />
          <Column source="role">
            <UserRoleField />
          </Column>
          <MoneyColumn source="balanceUsd" currency="usd" />
          <MoneyColumn source="balanceRub" currency="rub" />
          <Column source="ordersCount" align="right">
            <UserOrdersCountField />
          </Column>
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
