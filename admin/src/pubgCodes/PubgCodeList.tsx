import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { PUBG_CODE_STATUSES } from '@topup/common';
import type { PubgCode } from '@topup/common/api';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { NumberColumn } from '../components/NumberColumn';
import { useNumberFormat } from '../components/useNumberFormat';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { MaskedCode } from '../codes/CodeList';
import { RowActions, RowDeleteButton, RowEditButton } from '../components/RowActions';
import { MoneyColumn } from '../components/MoneyField';
import { StatusChip } from '../components/StatusChip';
import { formatPrices } from '../lib/money';
import { PubgBulkButton } from './PubgBulkButton';
import { ucText } from './PubgDenominationInput';
import { PubgTabs } from './PubgTabs';
import { SellAsCodesButton } from './SellAsCodesButton';

const pubgStatusChoices = PUBG_CODE_STATUSES.map((id) => ({ id, name: `catalogue.status.${id}` }));

const filters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.pubgCodes.filters.search" />,
  <ReferenceInput key="denominationId" source="denominationId" reference="pubgDenominations" alwaysOn perPage={200} sort={{ field: 'ucAmount', order: 'ASC' }}>
    <SelectInput label="resources.pubgCodes.fields.denominationId" optionText={ucText} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={pubgStatusChoices} alwaysOn />,
];

function Actions() {
  const { filterValues } = useListContext();
  const denominationId = typeof filterValues.denominationId === 'number' ? filterValues.denominationId : undefined;
  return (
    <TopToolbar>
      <FilterButton />
      <SellAsCodesButton defaultDenominationId={denominationId} />
      <PubgBulkButton defaultDenominationId={denominationId} />
      <CreateButton />
    </TopToolbar>
  );
}

function StatusCell() {
  const record = useRecordContext<PubgCode>();
  if (!record) return null;
  return (
    <Box>
      <StatusChip />
      {record.status === 'error' && record.errorMessage && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5, maxWidth: 260 }}>
          {record.errorMessage}
        </Typography>
      )}
    </Box>
  );
}

/** Only an available code can be moved or deleted; the API refuses the others. */
function CodeActions() {
  const record = useRecordContext<PubgCode>();
  if (!record || record.status !== 'available') return null;
  return (
    <RowActions>
      <RowEditButton />
      <RowDeleteButton confirmTitle="resources.pubgCodes.delete.title" confirmContent="resources.pubgCodes.delete.content" />
    </RowActions>
  );
}

/** PUBG tab, codes: filter by package, status or exact code; add one, many, or a file. */
export function PubgCodeList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const number = useNumberFormat();
  return (
    <>
      <PubgTabs />
      <List sx={scrollableListSx} filters={filters} actions={<Actions />} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
        {isSmall ? (
          <SimpleList<PubgCode>
            primaryText={(record) => `${number.format(record.ucAmount)} UC · ${record.code}`}
            secondaryText={(record) => formatPrices(record.priceUsd, record.priceRub)}
            tertiaryText={(record) => translate(`catalogue.status.${record.status}`)}
            rowClick={(_id, _resource, record) => (record.status === 'available' ? 'edit' : false)}
          />
        ) : (
          <DataTable sx={listTableSx} bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="code" disableSort>
              <MaskedCode />
            </DataTable.Col>
            <NumberColumn source="ucAmount" />
            <MoneyColumn source="priceUsd" currency="USD" disableSort />
            <MoneyColumn source="priceRub" currency="RUB" disableSort />
            <DataTable.Col source="status">
              <StatusCell />
            </DataTable.Col>
            <DataTable.Col source="created">
              <LocalizedDateField source="created" showTime />
            </DataTable.Col>
            <DataTable.Col label="resources.pubgCodes.fields.actions" align="right" cellSx={noWrap}>
              <CodeActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </>
  );
}
