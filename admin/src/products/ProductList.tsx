import { Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { AdminProduct } from '@topup/common/api';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CatalogueThumbnail, CatalogueTitleCell } from '../components/CatalogueTitle';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { NumberColumn } from '../components/NumberColumn';
import { RowActions, RowDeleteButton, RowEditButton } from '../components/RowActions';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { FilterCreateActions } from '../components/ListActions';
import { useNumberFormat } from '../components/useNumberFormat';
import { categoryChoices } from './ProductForm';

const activeChoices = [
  { id: 'true', name: 'resources.products.filters.active' },
  { id: 'false', name: 'resources.products.filters.inactive' },
];

const productFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.products.filters.search" />,
  <SelectInput key="category" source="category" choices={categoryChoices} alwaysOn />,
  <SelectInput key="active" source="active" choices={activeChoices} label="resources.products.fields.active" />,
];

function CategoryChip() {
  const record = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.category === 'topup' ? 'secondary' : 'primary'}
      label={translate(`resources.products.category.${record.category}`)}
    />
  );
}

/** "1 200 в продаже / 35 продано": sellable codes (manual and published generated) and sold ones, in the admin's number format. */
function useStockText() {
  const translate = useTranslate();
  const number = useNumberFormat();
  return (record: AdminProduct) =>
    translate('resources.products.stock_cell', { available: number.format(record.availableCodes), sold: number.format(record.soldCodes) });
}

function StockCell() {
  const record = useRecordContext<AdminProduct>();
  const stockText = useStockText();
  if (!record) return null;
  // Top-ups by player id (PUBG, Steam) sell no codes of their own.
  if (record.category === 'topup' && record.availableCodes === 0 && record.soldCodes === 0) {
    return <Typography variant="body2" color="text.secondary">—</Typography>;
  }
  return (
    <Typography variant="body2" color={record.availableCodes === 0 ? 'error' : 'text.primary'}>
      {stockText(record)}
    </Typography>
  );
}

const deleteConfirm = {
  confirmTitle: 'resources.products.delete.title',
  confirmContent: 'resources.products.delete.content',
};

/** The catalogue: search, category and status filters, sortable columns, the active switch in the row. */
export function ProductList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const stockText = useStockText();
  return (
    <List sx={scrollableListSx} filters={productFilters} actions={<FilterCreateActions />} sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<AdminProduct>
          leftAvatar={() => <CatalogueThumbnail />}
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            `${translate(`resources.products.category.${record.category}`)} · ${stockText(record)}`
          }
          tertiaryText={(record) => (record.active ? '' : translate('resources.products.filters.inactive'))}
          rowClick="edit"
        />
      ) : (
        <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="title">
            <CatalogueTitleCell />
          </DataTable.Col>
          <DataTable.Col source="category">
            <CategoryChip />
          </DataTable.Col>
          <DataTable.Col source="availableCodes" label="resources.products.fields.stock" disableSort>
            <StockCell />
          </DataTable.Col>
          <DataTable.Col source="gameCurrency" disableSort />
          <NumberColumn source="sortOrder" />
          <DataTable.Col source="active" disableSort>
            <InlineSwitchField source="active" ariaLabel="resources.products.fields.active" />
          </DataTable.Col>
          <DataTable.Col label="resources.products.fields.actions" align="right" cellSx={noWrap}>
            <RowActions>
              <RowEditButton />
              <RowDeleteButton {...deleteConfirm} />
            </RowActions>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
