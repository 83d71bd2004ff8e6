import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import type { PubgDenomination } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';
import { NumberColumn } from '../components/NumberColumn';
import { useNumberFormat } from '../components/useNumberFormat';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { RowActions, RowEditButton } from '../components/RowActions';
import { MoneyColumn } from '../components/MoneyField';
import { formatPrices } from '../lib/money';
import { PubgTabs } from '../pubgCodes/PubgTabs';
import { DenominationDeleteButton } from './DenominationDeleteButton';

function Actions() {
  return (
    <TopToolbar>
      <CreateButton resource="pubgDenominations" />
    </TopToolbar>
  );
}

/** PUBG tab, denominations: the UC packages shoppers combine, with their stock and active switch. */
export function PubgDenominationList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const number = useNumberFormat();
  return (
    <>
      <PubgTabs />
      <List sx={scrollableListSx} resource="pubgDenominations" actions={<Actions />} sort={{ field: 'ucAmount', order: 'ASC' }} perPage={25}>
        {isSmall ? (
          <SimpleList<PubgDenomination>
            primaryText={(record) => `${number.format(record.ucAmount)} UC`}
            secondaryText={(record) => formatPrices(record.priceUsd, record.priceRub)}
            tertiaryText={(record) =>
              translate('resources.pubgDenominations.available', { smart_count: record.availableCodes ?? 0 }) +
              (record.active ? '' : ` · ${translate('resources.pubgDenominations.inactive')}`)
            }
            rowClick="edit"
          />
        ) : (
          <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <NumberColumn source="ucAmount" />
            <MoneyColumn source="priceUsd" currency="USD" />
            <MoneyColumn source="priceRub" currency="RUB" />
            <NumberColumn source="availableCodes" disableSort />
            <DataTable.Col source="active" disableSort>
              <InlineSwitchField source="active" ariaLabel="resources.pubgDenominations.fields.active" />
            </DataTable.Col>
            <DataTable.Col source="created">
              <LocalizedDateField source="created" />
            </DataTable.Col>
            <DataTable.Col label="resources.pubgDenominations.fields.actions" align="right" cellSx={noWrap}>
              <RowActions>
                <RowEditButton />
                <DenominationDeleteButton asIcon />
              </RowActions>
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </>
  );
}
