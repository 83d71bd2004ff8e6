import { Box, useMediaQuery, type Theme } from '@mui/material';
import { CODE_STATUSES } from '@topup/common';
import type { GeneratedCode } from '@topup/common/api';
import {
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { MaskedCode } from '../codes/CodeList';
import { RowDeleteButton } from '../components/RowActions';
import { MoneyColumn } from '../components/MoneyField';
import { StatusChip } from '../components/StatusChip';
import { formatPrices } from '../lib/money';
import { GenerateButton } from './GenerateDialog';
import { GenerationRequestsPanel } from './GenerationRequestsPanel';
import { BulkPublishButton, PublishedToggle } from './PublishControls';

const statusChoices = CODE_STATUSES.map((id) => ({ id, name: `catalogue.status.${id}` }));

const filters = [
  <ReferenceInput key="denominationId" source="denominationId" reference="freefireCodes" alwaysOn perPage={200} sort={{ field: 'id', order: 'ASC' }}>
    <SelectInput label="resources.generatedCodes.fields.denominationId" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <NullableBooleanInput key="published" source="published" alwaysOn sx={{ minWidth: 160 }} />,
  <TextInput key="generationRequestId" source="generationRequestId" helperText={false} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <GenerateButton />
    </TopToolbar>
  );
}

function BulkActions() {
  return (
    <>
      <BulkPublishButton published />
      <BulkPublishButton published={false} />
    </>
  );
}

function CodeActions() {
  const record = useRecordContext<GeneratedCode>();
  if (!record || record.status !== 'available') return null;
  return (
    <RowDeleteButton
      confirmTitle="resources.generatedCodes.delete.title"
      confirmContent="resources.generatedCodes.delete.content"
    />
  );
}

/** Generated Free Fire codes: filter, publish or hide in bulk, generate more and follow the requests' progress. */
export function GeneratedCodeList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <Box sx={scrollableListSx}>
      <List sx={scrollableListSx} filters={filters} actions={<Actions />} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
        {isSmall ? (
          <SimpleList<GeneratedCode>
            primaryText={(record) => `${record.denominationName} · ${record.code}`}
            secondaryText={(record) =>
              [
                formatPrices(record.priceUsd, record.priceRub),
                translate(`catalogue.status.${record.status}`),
                translate(record.published ? 'resources.generatedCodes.published' : 'resources.generatedCodes.unpublished'),
              ].join(' · ')
            }
            // The switch on the row itself: a phone has no room for the table's column or bulk bar.
            rightIcon={() => <PublishedToggle />}
            rowClick={false}
          />
        ) : (
          <DataTable sx={listTableSx} bulkActionButtons={<BulkActions />} rowClick={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="denominationId">
              <ReferenceField source="denominationId" reference="freefireCodes" link="edit" />
            </DataTable.Col>
            <DataTable.Col source="code" disableSort>
              <MaskedCode />
            </DataTable.Col>
            <MoneyColumn source="priceUsd" currency="USD" />
            <MoneyColumn source="priceRub" currency="RUB" />
            <DataTable.Col source="status">
              <StatusChip />
            </DataTable.Col>
            <DataTable.Col source="published">
              <PublishedToggle />
            </DataTable.Col>
            <DataTable.Col source="createdAt" cellSx={noWrap}>
              <LocalizedDateField source="createdAt" />
            </DataTable.Col>
            <DataTable.Col label="resources.generatedCodes.fields.actions" align="right" cellSx={noWrap}>
              <CodeActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      <GenerationRequestsPanel />
    </Box>
  );
}
