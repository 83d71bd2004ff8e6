import SaveIcon from '@mui/icons-material/Save';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button as MuiButton, InputAdornment, Typography } from '@mui/material';
import { hasAtMostTwoDecimals } from '@topup/common';
import type { CurrencySettings, UpdateSettingsBody } from '@topup/common/api';
import { BooleanInput, Form, maxValue, minValue, NumberInput, RadioButtonGroupInput, required, useTranslate } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { SettingsCard, useSettings } from '../components/SettingsCard';
import { REFUND_TARGET_CHOICES, settingsChanges, type SettingsFormValues } from './settings';

export const CURRENCY_SETTINGS_URL = '/api/currency-settings/settings';

function twoDecimals(value: unknown) {
  if (value === undefined || value === null || value === '') return undefined;
  return hasAtMostTwoDecimals(Number(value)) ? undefined : 'resources.currencyRates.validation.percent';
}

const validateCommission = [required(), minValue(0), maxValue(100), twoDecimals];
const validateConfirmPercent = [required(), minValue(0.01), maxValue(1000), twoDecimals];

/** Steam commission, the daily automatic rate update and where failed card top-ups are refunded, beside the rates. */
export function CurrencySettingsCard() {
  const translate = useTranslate();
  const { settings, save } = useSettings<CurrencySettings, UpdateSettingsBody>({ url: CURRENCY_SETTINGS_URL, method: 'POST', texts: 'resources.currencyRates.settings' });

  return (
    <SettingsCard
      icon={<TuneIcon color="secondary" />}
      texts="resources.currencyRates.settings"
      settings={settings}
      loadingHeight={96}
    >
      {(data) => (
        <Form
          record={{ id: 'settings', ...data }}
          onSubmit={(values: SettingsFormValues) => {
            const changes = settingsChanges(data, values);
            if (Object.keys(changes).length === 0) return;
            save.mutate(changes);
          }}
        >
          <Box sx={{ display: 'flex', gap: { xs: 1, sm: 3 }, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <NumberInput
              source="steamCommissionPercent"
              label="resources.currencyRates.settings.steamCommissionPercent"
              helperText="resources.currencyRates.settings.steamCommissionPercent_hint"
              min={0}
              max={100}
              step={0.5}
              validate={validateCommission}
              sx={{ width: 240 }}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            />
            <NumberInput
              source="rateChangeConfirmPercent"
              label="resources.currencyRates.settings.rateChangeConfirmPercent"
              helperText="resources.currencyRates.settings.rateChangeConfirmPercent_hint"
              min={0.01}
              max={1000}
              // A step of 1 from a minimum of 0.01 would make the browser refuse 10 itself.
              step={0.01}
              validate={validateConfirmPercent}
              sx={{ width: 240 }}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            />
            <BooleanInput
              source="ratesAutoUpdate"
              label="resources.currencyRates.settings.ratesAutoUpdate"
              helperText="resources.currencyRates.settings.ratesAutoUpdate_hint"
              sx={{ mt: 1 }}
            />
            <RadioButtonGroupInput
              source="failedCardTopupRefundTo"
              label="resources.currencyRates.settings.failedCardTopupRefundTo"
              helperText="resources.currencyRates.settings.failedCardTopupRefundTo_hint"
              choices={REFUND_TARGET_CHOICES}
              validate={required()}
              sx={{ mt: 0.5, maxWidth: 420 }}
            />
            <MuiButton type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending} sx={{ mt: 1 }}>
              {translate('ra.action.save')}
            </MuiButton>
          </Box>
          {data.updatedAt && (
            <Typography variant="caption" color="text.secondary">
              {translate('resources.currencyRates.settings.updated')}{' '}
              <LocalizedDateField record={data} source="updatedAt" showTime />
            </Typography>
          )}
        </Form>
      )}
    </SettingsCard>
  );
}
