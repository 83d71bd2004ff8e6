import StarIcon from '@mui/icons-material/Star';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CODE_STATUSES } from '@topup/common';
import type { AdminCode } from '@topup/common/api';
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { NumberColumn } from '../components/NumberColumn';
import { RowActions, RowDeleteButton, RowEditButton } from '../components/RowActions';
import { MoneyField } from '../components/MoneyField';
import { formatPrices } from '../lib/money';
import { StatusChip } from '../components/StatusChip';
import { useNumberFormat } from '../components/useNumberFormat';
import { BulkCodesButton } from './BulkCodesDialog';
import { CsvExportButton, CsvImportButton } from './CodeCsvButtons';
import { RegionFilterInput } from './RegionInputs';

const codeStatusChoices = CODE_STATUSES.map((id) => ({ id, name: `catalogue.status.${id}` }));

const codeFilters = [
  <ReferenceInput key="productId" source="productId" reference="products" alwaysOn sort={{ field: 'title', order: 'ASC' }}>
    <AutocompleteInput label="resources.codes.fields.productId" filterToQuery={(q: string) => (q ? { q } : {})} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <RegionFilterInput key="regionId" source="regionId" label="resources.codes.fields.regionId" alwaysOn />,
  <SelectInput key="status" source="status" choices={codeStatusChoices} alwaysOn />,
  <TextInput key="q" source="q" label="resources.codes.filters.exact_code" helperText={false} resettable />,
];

function CodeListActions() {
  const { filterValues } = useListContext();
  const productId = typeof filterValues.productId === 'number' ? filterValues.productId : undefined;
  return (
    <TopToolbar>
      <FilterButton />
      <BulkCodesButton defaultProductId={productId} />
      <CsvImportButton />
      <CsvExportButton />
      <CreateButton />
    </TopToolbar>
  );
}

function RegionCell() {
  const record = useRecordContext<AdminCode>();
  const translate = useTranslate();
  if (!record) return null;
  return record.regionId === null ? (
    <Chip size="small" variant="outlined" label={translate('resources.codes.global')} />
  ) : (
    <Typography variant="body2">{record.regionName}</Typography>
  );
}

export function MaskedCode() {
  const record = useRecordContext<{ code: string }>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {record.code}
    </Typography>
  );
}

/** The masked code, starred when it is one of the product's popular options. */
function CodeCell() {
  const record = useRecordContext<AdminCode>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <MaskedCode />
      {record.popular && <StarIcon fontSize="small" color="warning" titleAccess={translate('resources.codes.fields.popular')} />}
    </Box>
  );
}

/** Column names may take two lines here ("Игровое количество"): the table fits a 1440 px screen with its actions. */
const codesTableSx = { ...listTableSx, '& .MuiTableCell-head': { whiteSpace: 'normal' } };

/** Both prices in one cell, one above the other: the table fits a laptop screen with its actions. */
function PricesCell() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <MoneyField source="priceUsd" currency="USD" />
      <MoneyField source="priceRub" currency="RUB" sx={{ color: 'text.secondary' }} />
    </Box>
  );
}

/** Edit and delete only while nobody holds the code: the API refuses both for reserved and sold codes. */
function CodeActions() {
  const record = useRecordContext<AdminCode>();
  if (!record || record.status !== 'available') return null;
  return (
    <RowActions>
      <RowEditButton />
      <RowDeleteButton confirmTitle="resources.codes.delete.title" confirmContent="resources.codes.delete.content" />
    </RowActions>
  );
}

/** Manual codes: filter by product, region (or global), status or an exact code; add one, many, or a file. */
export function CodeList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const number = useNumberFormat();
  return (
    <List sx={scrollableListSx} filters={codeFilters} actions={<CodeListActions />} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<AdminCode>
          primaryText={(record) => `${record.productTitle} · ${record.code}`}
          secondaryText={(record) => `${number.format(record.gameAmount)} · ${formatPrices(record.priceUsd, record.priceRub)}`}
          tertiaryText={(record) => translate(`catalogue.status.${record.status}`)}
          rowClick={(_id, _resource, record) => (record.status === 'available' ? 'edit' : false)}
        />
      ) : (
        <DataTable sx={codesTableSx} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="productId" disableSort cellSx={() => ({ minWidth: 130 })}>
            <ReferenceField source="productId" reference="products" link="edit" />
          </DataTable.Col>
          <DataTable.Col source="regionId" disableSort>
            <RegionCell />
          </DataTable.Col>
          <DataTable.Col source="code" disableSort>
            <CodeCell />
          </DataTable.Col>
          <NumberColumn source="gameAmount" />
          <DataTable.Col source="priceUsd" label="resources.codes.fields.prices" align="right">
            <PricesCell />
          </DataTable.Col>
          <DataTable.Col source="status">
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="createdAt" cellSx={noWrap}>
            <LocalizedDateField source="createdAt" />
          </DataTable.Col>
          <DataTable.Col label="resources.codes.fields.actions" align="right" cellSx={noWrap}>
            <CodeActions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
