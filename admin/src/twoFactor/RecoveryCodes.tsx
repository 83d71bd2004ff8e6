import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/**
 * The recovery codes, shown this once: a copy button, and "I have saved them" before the admin can
 * go on, so nobody clicks past codes they will need the day they lose their phone.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('two_factor.copied', { type: 'info' });
    } catch {
      notify('two_factor.copy_failed', { type: 'warning' });
    }
  };

  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Alert severity="success">{translate('two_factor.enabled')}</Alert>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('two_factor.recovery_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('two_factor.recovery_text')}
        </Typography>
      </Box>
      <Box
        component="ol"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content)' },
          columnGap: 6,
          rowGap: 1,
          m: 0,
          p: 2,
          listStyle: 'none',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: 15, sm: 17 },
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code, index) => (
          <Box component="li" key={code} sx={{ display: 'flex', gap: 1.5, whiteSpace: 'nowrap' }}>
            <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary', minWidth: '2ch', textAlign: 'right', userSelect: 'none' }}>
              {index + 1}
            </Box>
            <span>{code}</span>
          </Box>
        ))}
      </Box>
      <Box>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('two_factor.copy_codes')}
        </Button>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label={translate('two_factor.saved_check')}
      />
      <Box>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          {translate('two_factor.continue')}
        </Button>
      </Box>
    </Stack>
  );
}
