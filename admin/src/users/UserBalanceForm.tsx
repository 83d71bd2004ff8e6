import { Box, InputAdornment } from '@mui/material';
import { maxValue, NumberInput, required, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { ADJUSTMENT_REASON_MAX_LENGTH, MAX_PRICE } from '@topup/common';
import type { AdminUser } from '@topup/common/api';
import { validatePrice } from '../components/validators';
import { validateBalanceForm } from './balanceUpdate';


const validateAmount = [required(), validatePrice, maxValue(MAX_PRICE)];

function BalanceToolbar() {
  return (
    // Static even on a phone: the page goes on below the form (password, orders).
    <Toolbar sx={{ '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
      <SaveButton label="resources.users.balance.save" />
    </Toolbar>
  );
}

/** USD and RUB balances, set to new values with a reason the ledger keeps. */
export function UserBalanceForm() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={<BalanceToolbar />} validate={(values) => validateBalanceForm(user ?? {}, values)}>
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <NumberInput
            source="balanceUsd"
            min={0}
            step={0.01}
            validate={validateAmount}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
          <NumberInput
            source="balanceRub"
            min={0}
            step={0.01}
            validate={validateAmount}
            slotProps={{ input: { endAdornment: <InputAdornment position="end">₽</InputAdornment> } }}
          />
        </Box>
        <TextInput
          source="reason"
          multiline
          minRows={2}
          helperText={translate('resources.users.balance.reason_hint')}
          slotProps={{ htmlInput: { maxLength: ADJUSTMENT_REASON_MAX_LENGTH } }}
        />
      </Box>
    </SimpleForm>
  );
}
