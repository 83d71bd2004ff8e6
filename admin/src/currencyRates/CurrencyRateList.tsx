import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, EditButton, List, SimpleList, TopToolbar, useRecordContext } from 'react-admin';
import type { AdminCurrencyRate } from '@topup/common/api';
import { LocalizedDateField, useFormatDateTime } from '../components/LocalizedDateField';
import { InlineSwitchField, InlineSwitchListIcon } from '../components/InlineSwitchField';
import { CurrencySettingsCard } from './CurrencySettingsCard';
import { currencyCode, formatRate } from './rate';
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
  return (
    <Box>
      <List sort={{ field: 'id', order: 'ASC' }} perPage={50} actions={<RateListActions />} pagination={false}>
        {isSmall ? (
          <SimpleList<AdminCurrencyRate>
            primaryText={(rate) => `${currencyCode(rate.from)} → ${currencyCode(rate.to)}: ${formatRate(rate.rate)}`}
            secondaryText={(rate) => formatDateTime(rate.updatedAt)}
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
            <Column source="autoUpdate">
              <InlineSwitchField source="autoUpdate" ariaLabel="resources.currencyRates.fields.autoUpdate" />
            </Column>
            <Column source="updatedAt">
              <LocalizedDateField source="updatedAt" showTime />
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
