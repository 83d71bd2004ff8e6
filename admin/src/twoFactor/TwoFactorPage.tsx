import SecurityIcon from '@mui/icons-material/Security';
import { Alert, Box, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { errorMessage } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import type { TwoFactorStatus } from '@topup/common/api';
import { LOW_RECOVERY_CODES, TWO_FACTOR_URL, twoFactorQueryKey, useTwoFactorStatus } from './api';
import { EnrolmentFlow } from './EnrolmentFlow';

/** The admin's own two-factor authentication: whether it is on, and turning it on. */
export function TwoFactorPage() {
  const translate = useTranslate();
  const request = useApiRequest();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus(request);
  // Set while the recovery codes are on screen, so the status refetched meanwhile does not hide them.
  const [enrolling, setEnrolling] = useState(false);

  const finished = () => {
    setEnrolling(false);
    void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey(TWO_FACTOR_URL) });
  };

  return (
    <Box sx={{ maxWidth: 760, mt: { xs: 1, sm: 2 } }}>
      <Title title="two_factor.title" />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <SecurityIcon color="primary" />
              <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
                {translate('two_factor.title')}
              </Typography>
              {status.data && <StatusChip status={status.data} />}
            </Stack>
            {status.isPending && <CircularProgress size={24} />}
            {status.isError && <Alert severity="error">{translate(errorMessage(status.error))}</Alert>}
            {status.data &&
              (status.data.enabled && !enrolling ? (
                <EnabledText status={status.data} />
              ) : (
                <DisabledPart status={status.data} enrolling={enrolling} onStart={() => setEnrolling(true)} onDone={finished} />
              ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

function StatusChip({ status }: { status: TwoFactorStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status.enabled ? 'success' : 'default'}
      label={translate(status.enabled ? 'two_factor.status_on' : 'two_factor.status_off')}
    />
  );
}

function EnabledText({ status }: { status: TwoFactorStatus }) {
  const translate = useTranslate();
  return (
    <>
      <Typography color="text.secondary">{translate('two_factor.on_text', { smart_count: status.recoveryCodesLeft })}</Typography>
      {status.recoveryCodesLeft <= LOW_RECOVERY_CODES && <Alert severity="warning">{translate('two_factor.low_codes')}</Alert>}
    </>
  );
}

function DisabledPart(props: { status: TwoFactorStatus; enrolling: boolean; onStart: () => void; onDone: () => void }) {
  const { status, enrolling, onStart, onDone } = props;
  const translate = useTranslate();
  return (
    <>
      {!enrolling && <Typography color="text.secondary">{translate('two_factor.off_text')}</Typography>}
      {status.required && !enrolling && <Alert severity="info">{translate('two_factor.required_text')}</Alert>}
      <EnrolmentFlow onStart={onStart} onDone={onDone} />
    </>
  );
}
