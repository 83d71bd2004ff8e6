import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, EditButton, List, SimpleList, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { AdminCurrencyRate } from '@topup/common/api';
import { LocalizedDateField, useFormatDateTime } from '../components/LocalizedDateField';
import { InlineSwitchField, InlineSwitchListIcon } from '../components/InlineSwitchField';
import { CurrencySettingsCard } from './CurrencySettingsCard';
import { currencyCode, useRateFormat } from './rate';
import { RefreshRatesButton } from './RefreshRatesButton';

const Column = DataTable.Col<AdminCurrencyRate>;

function PairField(_props: { label?: string; source?: string }) {
  const rate = useRecordContext<AdminCurrencyRate>();
  if (!rate) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 700 }}>
      {currencyCode(rate.from)}
      <ArrowForwardIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
      {currencyCode(rate.to)}
    </Box>
  );
}

/** "Checked … · changed …" on the phone list, where there are no columns. */
function InlineRateTimes({ rate, format }: { rate: AdminCurrencyRate; format: (value: string) => string }) {
  const translate = useTranslate();
  return (
    <>
      {translate('resources.currencyRates.fields.checkedAt')}: {format(rate.checkedAt)} · {translate('resources.currencyRates.fields.changedAt')}:{' '}
      {format(rate.changedAt)}
    </>
  );
}

function RateListActions() {
  return (
    <TopToolbar>
      <RefreshRatesButton />
    </TopToolbar>
  );
}

/** The exchange rates with their auto-update switches, a refresh from the provider, and the currency settings. */
export function CurrencyRateList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const formatDateTime = useFormatDateTime();
  const formatRate = useRateFormat();
  return (
    <Box>
      <List sort={{ field: 'id', order: 'ASC' }} perPage={50} actions={<RateListActions />} pagination={false}>
        {isSmall ? (
          <SimpleList<AdminCurrencyRate>
            primaryText={(rate) => `${currencyCode(rate.from)} → ${currencyCode(rate.to)}: ${formatRate(rate.rate)}`}
            secondaryText={(rate) => (
              <>
                {`1 ${currencyCode(rate.to)} = ${formatRate(rate.inverse)} ${currencyCode(rate.from)}`}
                <br />
                <InlineRateTimes rate={rate} format={formatDateTime} />
              </>
            )}
            rightIcon={() => <InlineSwitchListIcon source="autoUpdate" ariaLabel="resources.currencyRates.fields.autoUpdate" />}
            rowClick="edit"
          />
        ) : (
          <DataTable rowClick="edit" bulkActionButtons={false}>
            <Column source="from" label="resources.currencyRates.pair">
              <PairField />
            </Column>
            <Column
              source="rate"
              align="right"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
              render={(rate) => formatRate(rate.rate)}
            />
            <Column
              source="inverse"
              align="right"
              disableSort
              sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
              render={(rate) => `1 ${currencyCode(rate.to)} = ${formatRate(rate.inverse)} ${currencyCode(rate.from)}`}
            />
            <Column source="autoUpdate">
              <InlineSwitchField source="autoUpdate" ariaLabel="resources.currencyRates.fields.autoUpdate" />
            </Column>
            <Column source="checkedAt">
              <LocalizedDateField source="checkedAt" showTime />
            </Column>
            <Column source="changedAt">
              <LocalizedDateField source="changedAt" showTime />
            </Column>
            <Column align="right">
              <EditButton />
            </Column>
          </DataTable>
        )}
      </List>
      <CurrencySettingsCard />
    </Box>
  );
}
