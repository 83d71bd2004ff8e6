import { Chip, useMediaQuery, type Theme } from '@mui/material';
import type { AdminSupplier } from '@topup/common/api';
import { DataTable, List, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { NumberColumn } from '../components/NumberColumn';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { formatMoney } from '../lib/money';
import { isBalanceLow } from './supplierBalance';

/** The balance in its currency, marked when under the threshold, with when it was read. */
export function BalanceCell() {
  const supplier = useRecordContext<AdminSupplier>();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!supplier) return null;
  if (supplier.balance === null) return <span>{translate('resources.suppliers.balance_unread')}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(supplier.balance, supplier.balanceCurrency)}
      {isBalanceLow(supplier) && <Chip size="small" color="warning" label={translate('resources.suppliers.balance_low')} sx={{ ml: 1 }} />}
      <br />
      <small>{translate('resources.suppliers.balance_read_at', { time: formatDateTime(supplier.balanceCheckedAt) })}</small>
    </span>
  );
}

/** On or off, and whether the store has its settings at all. */
function StateCell() {
  const supplier = useRecordContext<AdminSupplier>();
  const translate = useTranslate();
  if (!supplier) return null;
  if (!supplier.configured) return <Chip size="small" variant="outlined" label={translate('resources.suppliers.not_configured')} />;
  return (
    <Chip
      size="small"
      color={supplier.active ? 'success' : 'default'}
      label={translate(supplier.active ? 'resources.suppliers.state.active' : 'resources.suppliers.state.inactive')}
    />
  );
}

/** The wholesale suppliers the store is set up for, in the order it prefers them. */
export function SupplierList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <List sx={scrollableListSx} actions={false} sort={{ field: 'priority', order: 'ASC' }} perPage={25} pagination={false}>
      {isSmall ? (
        <SimpleList<AdminSupplier>
          primaryText={(supplier) => supplier.name}
          secondaryText={(supplier) =>
            supplier.balance === null
              ? translate('resources.suppliers.balance_unread')
              : `${formatMoney(supplier.balance, supplier.balanceCurrency)} · ${formatDateTime(supplier.balanceCheckedAt)}`
          }
          tertiaryText={(supplier) =>
            translate(
              !supplier.configured ? 'resources.suppliers.not_configured' : supplier.active ? 'resources.suppliers.state.active' : 'resources.suppliers.state.inactive',
            )
          }
          rowClick="edit"
        />
      ) : (
        <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="active" disableSort>
            <StateCell />
          </DataTable.Col>
          <NumberColumn source="priority" />
          <DataTable.Col source="balance" disableSort cellSx={noWrap}>
            <BalanceCell />
          </DataTable.Col>
          <DataTable.Col source="lowBalanceThreshold" disableSort render={(supplier: AdminSupplier) => formatMoney(supplier.lowBalanceThreshold, supplier.balanceCurrency)} />
        </DataTable>
      )}
    </List>
  );
}
