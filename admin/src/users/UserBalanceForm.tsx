import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Button as MuiButton, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, HttpError, NumberInput, RadioButtonGroupInput, SelectInput, TextInput, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ADJUSTMENT_REASON_MAX_LENGTH, type BalanceCurrency } from '@topup/common';
import type { AdminUser } from '@topup/common/api';
import { errorNotification } from '../components/errors';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { balanceChangeBody, validateBalanceChange, type BalanceChangeValues } from './balanceChange';

const CURRENCY_CHOICES = [
  { id: 'usd', name: 'USD ($)' },
  { id: 'rub', name: 'RUB (₽)' },
];
const DIRECTION_CHOICES = [
  { id: 'credit', name: 'resources.users.balance.credit' },
  { id: 'debit', name: 'resources.users.balance.debit' },
];
const EMPTY_CHANGE = { currency: 'usd', direction: 'credit', amount: '', reason: '' };

/** The API's refusal of a debit larger than the balance, with what it names. */
function insufficientBalance(error: unknown): { currency: BalanceCurrency; balance: number; amount: number } | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.body as { error?: { code?: string; details?: { currency: BalanceCurrency; balance: number; amount: number } } } | undefined;
  return body?.error?.code === 'INSUFFICIENT_BALANCE' ? body.error.details : undefined;
}

function SubmitButton({ saving }: { saving: boolean }) {
  const translate = useTranslate();
  const direction = useWatch({ name: 'direction' }) as string;
  const debit = direction === 'debit';
  return (
    <MuiButton type="submit" variant="contained" color={debit ? 'warning' : 'primary'} startIcon={debit ? <RemoveIcon /> : <AddIcon />} disabled={saving}>
      {translate(debit ? 'resources.users.balance.submit_debit' : 'resources.users.balance.submit_credit')}
    </MuiButton>
  );
}

function Balance({ label, amount, currency }: { label: string; amount: number; currency: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
        {formatMoney(amount, currency)}
      </Typography>
    </Box>
  );
}

/** The USD and RUB balances, and a credit or debit of one of them with a reason the ledger keeps. */
export function UserBalanceForm() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [saving, setSaving] = useState(false);
  // A new key empties the form after a change.
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  const submit = async (values: BalanceChangeValues) => {
    const body = balanceChangeBody(values);
    if (!body) return;
    setSaving(true);
    try {
      await request('POST', `${RESOURCE_ENDPOINTS.users}/${user.id}/balance-changes`, body);
      notify(body.amount > 0 ? 'resources.users.balance.credited' : 'resources.users.balance.debited', { type: 'info' });
      setFormKey((key) => key + 1);
      refresh();
    } catch (error) {
      const refused = insufficientBalance(error);
      if (refused) {
        notify('resources.users.balance.insufficient', {
          type: 'error',
          messageArgs: {
            currency: refused.currency.toUpperCase(),
            balance: formatMoney(refused.balance, refused.currency),
            amount: formatMoney(Math.abs(refused.amount), refused.currency),
          },
        });
      } else notify(...errorNotification(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Balance label={translate('resources.users.fields.balanceUsd')} amount={user.balanceUsd} currency="usd" />
        <Balance label={translate('resources.users.fields.balanceRub')} amount={user.balanceRub} currency="rub" />
      </Box>
      <Typography variant="subtitle1" component="h3">
        {translate('resources.users.balance.change_title')}
      </Typography>
      <Form key={formKey} record={EMPTY_CHANGE} defaultValues={EMPTY_CHANGE} validate={validateBalanceChange} onSubmit={(values: BalanceChangeValues) => void submit(values)}>
        <Box sx={{ display: 'grid', gap: 1, maxWidth: 760 }}>
          <RadioButtonGroupInput source="direction" label="resources.users.balance.direction" choices={DIRECTION_CHOICES} row helperText={false} />
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <SelectInput source="currency" label="resources.users.balance.currency" choices={CURRENCY_CHOICES} optionText="name" translateChoice={false} helperText={false} />
            <NumberInput
              source="amount"
              label="resources.users.balance.amount"
              min={0.01}
              step={0.01}
              helperText={false}
            />
          </Box>
          <TextInput
            source="reason"
            label="resources.users.balance.reason"
            multiline
            minRows={2}
            helperText={translate('resources.users.balance.reason_hint')}
            slotProps={{ htmlInput: { maxLength: ADJUSTMENT_REASON_MAX_LENGTH } }}
          />
          <Box>
            <SubmitButton saving={saving} />
          </Box>
        </Box>
      </Form>
    </Box>
  );
}
