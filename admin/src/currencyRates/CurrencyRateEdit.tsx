import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Edit,
  HttpError,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { AdminCurrencyRate, RateChangeNeedsConfirmation } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { errorNotification } from '../components/errors';
import { useNumberFormat } from '../components/useNumberFormat';
import { pickFields } from '../components/payload';
import { useConfirmedUpdate, type UpdateToConfirm } from '../components/useConfirmedUpdate';
import { currencyCode, rateFromInput, useRateFormat, validateRate } from './rate';

/** Only the rate and its switch: the pair itself is fixed. */
const transform = (data: Record<string, unknown>) => {
  const values = pickFields(data, ['rate', 'autoUpdate'] as const);
  if (typeof values.rate === 'string') values.rate = rateFromInput(values.rate);
  return values;
};

/** The details of a 409 asking to confirm a large change, if that is what the error is. */
function confirmationAsked(error: unknown): RateChangeNeedsConfirmation | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.body as { error?: { code?: string; details?: RateChangeNeedsConfirmation } } | undefined;
  return body?.error?.code === 'RATE_CHANGE_NEEDS_CONFIRMATION' ? body.error.details : undefined;
}

function PairLabel() {
  const rate = useRecordContext<AdminCurrencyRate>();
  const translate = useTranslate();
  const formatRate = useRateFormat();
  if (!rate) return null;
  const from = currencyCode(rate.from);
  const to = currencyCode(rate.to);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h1">
        {from} → {to}
      </Typography>
      <Typography variant="body2">{translate('resources.currencyRates.pair_text', { from, to, rate: formatRate(rate.rate) })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.currencyRates.inverse_text', { from: to, to: from, rate: formatRate(rate.inverse) })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('resources.currencyRates.fields.checkedAt')}: <LocalizedDateField source="checkedAt" showTime />
        {' · '}
        {translate('resources.currencyRates.fields.changedAt')}: <LocalizedDateField source="changedAt" showTime />
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

interface PendingChange extends UpdateToConfirm<AdminCurrencyRate> {
  details: RateChangeNeedsConfirmation;
}

/** Asks before a change beyond the settings' threshold ("79,00 → 7 900,00, +9 900 %") and saves it with `confirm`. */
function ConfirmLargeChange({ pending, onClose }: { pending: PendingChange | null; onClose: () => void }) {
  const formatRate = useRateFormat();
  const formatPercent = useNumberFormat({ maximumFractionDigits: 2, signDisplay: 'always' });
  const { send, isPending } = useConfirmedUpdate('currencyRates');
  const redirect = useRedirect();
  if (!pending) return null;
  const { details } = pending;
  const grows = Number(details.new) >= Number(details.old);
  const confirm = () => send(pending, { confirm: true }, { close: onClose, saved: () => redirect('list', 'currencyRates') });
  return (
    <Confirm
      isOpen
      loading={isPending}
      title="resources.currencyRates.confirm.title"
      content="resources.currencyRates.confirm.content"
      translateOptions={{
        from: currencyCode(details.from),
        to: currencyCode(details.to),
        old: formatRate(details.old),
        new: formatRate(details.new),
        percent: formatPercent.format(grows ? details.percent : -details.percent),
        threshold: formatPercent.format(details.thresholdPercent).replace(/^\+/, ''),
      }}
      confirm="resources.currencyRates.confirm.save"
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

/** Sets a rate by hand; with auto-update on, the next refresh from the provider overwrites it. */
export function CurrencyRateEdit() {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      transform={transform}
      redirect="list"
      mutationOptions={{
        onError: (error, variables) => {
          const details = confirmationAsked(error);
          if (!details || variables.id === undefined) {
            notify(...errorNotification(error));
            return;
          }
          setPending({
            id: variables.id,
            data: variables.data as Record<string, unknown>,
            previousData: variables.previousData as AdminCurrencyRate,
            details,
          });
        },
      }}
    >
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
      <ConfirmLargeChange pending={pending} onClose={() => setPending(null)} />
    </Edit>
  );
}
