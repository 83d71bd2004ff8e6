import { Chip, useMediaQuery, type Theme } from '@mui/material';
import type { AdminSupplierProduct } from '@topup/common/api';
import { AutocompleteInput, DataTable, List, ReferenceField, ReferenceInput, SelectInput, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { formatMoney } from '../lib/money';

const availableChoices = [
  { id: 'true', name: 'resources.supplierProducts.filters.available' },
  { id: 'false', name: 'resources.supplierProducts.filters.unavailable' },
];

const productFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.supplierProducts.filters.search" />,
  <ReferenceInput key="supplierId" source="supplierId" reference="suppliers" alwaysOn>
    <SelectInput label="resources.supplierProducts.fields.supplierId" />
  </ReferenceInput>,
  <ReferenceInput key="gameId" source="gameId" reference="games" alwaysOn>
    <AutocompleteInput label="resources.supplierProducts.fields.game" />
  </ReferenceInput>,
  <SelectInput key="available" source="available" choices={availableChoices} label="resources.supplierProducts.fields.available" />,
];

/** The account fields a product asks for, in the supplier's words. */
function FieldsCell() {
  const product = useRecordContext<AdminSupplierProduct>();
  if (!product) return null;
  return (
    <>
      {product.fields.map((field) => (
        <Chip key={field.name} size="small" variant="outlined" label={field.label} sx={{ mr: 0.5 }} />
      ))}
    </>
  );
}

/** Every supplier's products as their last catalogue sync listed them: what a denomination's source is chosen from. */
export function SupplierProductList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sx={scrollableListSx} filters={productFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<AdminSupplierProduct>
          primaryText={(product) => product.name}
          secondaryText={(product) => `${product.externalId} · ${formatMoney(product.cost, product.costCurrency)}`}
          tertiaryText={(product) => (product.available ? '' : translate('resources.supplierProducts.filters.unavailable'))}
          rowClick={false}
        />
      ) : (
        <DataTable sx={listTableSx} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="externalId" />
          <DataTable.Col source="name" />
          <DataTable.Col source="supplierId" disableSort>
            <ReferenceField source="supplierId" reference="suppliers" link="edit" />
          </DataTable.Col>
          <DataTable.Col source="game" disableSort render={(product: AdminSupplierProduct) => product.game ?? translate('resources.supplierProducts.no_game')} />
          <DataTable.Col source="fields" disableSort>
            <FieldsCell />
          </DataTable.Col>
          <DataTable.Col source="cost" align="right" cellSx={noWrap} render={(product: AdminSupplierProduct) => formatMoney(product.cost, product.costCurrency)} />
          <DataTable.Col
            source="available"
            disableSort
            render={(product: AdminSupplierProduct) => translate(product.available ? 'resources.supplierProducts.filters.available' : 'resources.supplierProducts.filters.unavailable')}
          />
        </DataTable>
      )}
    </List>
  );
}
