import { useMediaQuery, type Theme } from '@mui/material';
import type { FreefireDenomination } from '@topup/common/api';
import {
  NullableBooleanInput,
  DataTable,
  List,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { NumberColumn } from '../components/NumberColumn';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { RowActions, RowDeleteButton, RowEditButton } from '../components/RowActions';
import { MoneyColumn } from '../components/MoneyField';
import { FilterCreateActions } from '../components/ListActions';
import { GenerateButton } from '../generatedCodes/GenerateDialog';
import { formatPrices } from '../lib/money';

const filters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.freefireCodes.filters.search" />,
  <NullableBooleanInput key="is_active" source="is_active" alwaysOn sx={{ minWidth: 160 }} />,
];

function DenominationActions() {
  const record = useRecordContext<FreefireDenomination>();
  if (!record) return null;
  return (
    <RowActions>
      <GenerateButton defaultDenominationId={record.id} iconOnly />
      <RowEditButton />
      <RowDeleteButton
        confirmTitle="resources.freefireCodes.delete.title"
        confirmContent="resources.freefireCodes.delete.content"
      />
    </RowActions>
  );
}

/** Free Fire offers: what shoppers pick on /products/freefire and what generated codes are made of. */
export function FreefireDenominationList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sx={scrollableListSx} filters={filters} actions={<FilterCreateActions />} sort={{ field: 'game_amount', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<FreefireDenomination>
          primaryText={(record) => record.name}
          secondaryText={(record) => formatPrices(record.price, record.price_rub)}
          tertiaryText={(record) => (record.is_active ? '' : translate('resources.freefireCodes.inactive'))}
          rowClick="edit"
        />
      ) : (
        <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="name" cellSx={noWrap} />
          <DataTable.Col source="item_id" />
          <NumberColumn source="game_amount" />
          <MoneyColumn source="price" currency="USD" />
          <MoneyColumn source="price_rub" currency="RUB" />
          <DataTable.Col source="is_active" disableSort>
            <InlineSwitchField source="is_active" ariaLabel="resources.freefireCodes.fields.is_active" />
          </DataTable.Col>
          <DataTable.Col source="created_at">
            <LocalizedDateField source="created_at" />
          </DataTable.Col>
          <DataTable.Col label="resources.freefireCodes.fields.actions" align="right" cellSx={noWrap}>
            <DenominationActions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
