import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, CircularProgress, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorNotification } from '../components/errors';
import { errorBodyCode } from '../lib/api-error';
import { saveSession } from '../lib/session';
import { useApiRequest } from '../lib/useApiRequest';
import type { TwoFactorConfirmation, TwoFactorEnrolment } from '@topup/common/api';
import { codeDigits, groupedKey, TWO_FACTOR_URL } from './api';
import { RecoveryCodes } from './RecoveryCodes';

type Step = { kind: 'start' } | { kind: 'scan'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] };

/**
 * Turning two-factor on: a new secret on request (never on mount, so a second render cannot replace
 * the secret being scanned), its QR code and key, the first code from the app, then the recovery codes.
 */
export function EnrolmentFlow(props: { onStart?: () => void; onEnabled?: () => void; onDone: () => void; onCancel?: () => void }) {
  const { onStart, onEnabled, onDone, onCancel } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const request = useApiRequest();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    onStart?.();
    try {
      setStep({ kind: 'scan', enrolment: await request<TwoFactorEnrolment>('POST', `${TWO_FACTOR_URL}/enrol`, {}) });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setStarting(false);
    }
  };

  const enabled = (confirmation: TwoFactorConfirmation) => {
    // The session that enrolled has ended; this token replaces it (the storefront shares it too).
    saveSession(confirmation);
    setStep({ kind: 'codes', codes: confirmation.recoveryCodes });
    onEnabled?.();
  };

  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={onDone} />;
  if (step.kind === 'scan') return <ScanStep enrolment={step.enrolment} onEnabled={enabled} onCancel={onCancel} />;
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" onClick={() => void start()} disabled={starting} startIcon={starting ? <CircularProgress size={16} /> : undefined}>
        {translate('two_factor.start')}
      </Button>
      {onCancel && <Button onClick={onCancel}>{translate('two_factor.cancel')}</Button>}
    </Stack>
  );
}

function ScanStep({ enrolment, onEnabled, onCancel }: { enrolment: TwoFactorEnrolment; onEnabled: (confirmation: TwoFactorConfirmation) => void; onCancel?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const request = useApiRequest();
  const ids = { scan: useId(), code: useId() };
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notify('two_factor.copied', { type: 'info' });
    } catch {
      notify('two_factor.copy_failed', { type: 'warning' });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirming) return;
    if (code.length !== 6) {
      setError('two_factor.code_required');
      return;
    }
    setConfirming(true);
    setError(null);
    try {
      onEnabled(await request<TwoFactorConfirmation>('POST', `${TWO_FACTOR_URL}/confirm`, { code }));
    } catch (failure) {
      const body = (failure as { body?: unknown }).body;
      if (errorBodyCode(body) === 'INVALID_TWO_FACTOR_CODE') {
        setError('two_factor.wrong_code');
        setCode('');
      } else {
        notify(...errorNotification(failure));
      }
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={3} data-testid="two-factor-scan">
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Box
          component="img"
          src={enrolment.qr}
          alt={translate('two_factor.qr_alt')}
          width={200}
          height={200}
          sx={{ alignSelf: { xs: 'center', sm: 'flex-start' }, flex: 'none', borderRadius: 2, bgcolor: '#fff', p: 0.5 }}
        />
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography id={ids.scan} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {translate('two_factor.step_scan')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('two_factor.step_manual')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              data-testid="two-factor-secret"
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: 15,
                letterSpacing: '0.06em',
                overflowWrap: 'anywhere',
                userSelect: 'all',
              }}
            >
              {groupedKey(enrolment.secret)}
            </Box>
            <Tooltip title={translate('two_factor.copy_key')}>
              <IconButton aria-label={translate('two_factor.copy_key')} onClick={() => void copyKey()}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        </Stack>
      </Box>
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {translate('two_factor.step_code')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            id={ids.code}
            name="code"
            label={translate('two_factor.code')}
            value={code}
            onChange={(event) => setCode(codeDigits(event.target.value))}
            error={Boolean(error)}
            helperText={error ? translate(error) : ' '}
            autoComplete="one-time-code"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, style: { letterSpacing: '0.3em', fontSize: 20 } } }}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={confirming}>
              {translate('two_factor.confirm')}
            </Button>
            {onCancel && <Button onClick={onCancel}>{translate('two_factor.cancel')}</Button>}
          </Stack>
        </Box>
      </Box>
    </Stack>
  );
}
