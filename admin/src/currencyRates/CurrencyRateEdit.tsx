import { Box, Typography } from '@mui/material';
import { BooleanInput, Edit, required, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { AdminCurrencyRate } from '@topup/common/api';
import { pickFields } from '../components/payload';
import { currencyCode, formatRate, validateRate } from './rate';

/** Only the rate and its switch: the pair itself is fixed. */
const transform = (data: Record<string, unknown>) => {
  const values = pickFields(data, ['rate', 'autoUpdate'] as const);
  if (typeof values.rate === 'string') values.rate = values.rate.trim();
  return values;
};

function PairLabel() {
  const rate = useRecordContext<AdminCurrencyRate>();
  const translate = useTranslate();
  if (!rate) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h1">
        {currencyCode(rate.from)} → {currencyCode(rate.to)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.currencyRates.pair_text', {
          from: currencyCode(rate.from),
          to: currencyCode(rate.to),
          rate: formatRate(rate.rate),
        })}
      </Typography>
    </Box>
  );
}

function RateToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Sets a rate by hand; with auto-update on, the next refresh from the provider overwrites it. */
export function CurrencyRateEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={transform} redirect="list">
      <SimpleForm toolbar={<RateToolbar />}>
        <Box sx={{ width: '100%', maxWidth: 520 }}>
          <PairLabel />
          <TextInput
            source="rate"
            validate={[required(), validateRate]}
            helperText="resources.currencyRates.rate_hint"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <BooleanInput source="autoUpdate" helperText="resources.currencyRates.auto_update_hint" />
        </Box>
      </SimpleForm>
    </Edit>
  );
}
