import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { Logo } from '../layout/Logo';
import { EnrolmentFlow } from './EnrolmentFlow';

/** Where the back office opens once enrolled, with a full session. */
const ADMIN_HOME = '/admin/';

/**
 * The only screen of an admin the store requires two-factor of who has not enrolled: no menu, no
 * data, just the enrolment (the API refuses that session everything else) and a way to sign out.
 */
export function ForcedEnrolment() {
  const translate = useTranslate();
  const logout = useLogout();
  // The explanations make way for the QR code, then for the recovery codes.
  const [step, setStep] = useState<'intro' | 'scan' | 'enabled'>('intro');
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: { xs: 'start center', sm: 'center' }, p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 720 }} data-testid="forced-enrolment">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Logo size={36} />
              <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
                {translate('two_factor.title')}
              </Typography>
            </Stack>
            {step !== 'enabled' && <Typography color="text.secondary">{translate('two_factor.required_text')}</Typography>}
            {step === 'intro' && <Typography color="text.secondary">{translate('two_factor.off_text')}</Typography>}
            {/* A full reload: the back office starts again with the full session confirm handed out. */}
            <EnrolmentFlow onStart={() => setStep('scan')} onEnabled={() => setStep('enabled')} onDone={() => window.location.assign(ADMIN_HOME)} />
            <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
              <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
                {translate('two_factor.sign_out')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
