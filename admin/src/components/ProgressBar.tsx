import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNumberFormat } from './useNumberFormat';
import { progressPercent } from './progress';

/** `generated` of `count` as a bar with the numbers beside it. */
export function ProgressBar({ generated, count, failed = false }: { generated: number; count: number; failed?: boolean }) {
  const translate = useTranslate();
  const format = useNumberFormat();
  const percent = progressPercent(generated, count);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 180 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={failed ? 'error' : percent >= 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
        aria-label={translate('catalogue.progress.label')}
      />
      <Typography variant="caption" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {translate('catalogue.progress.of', { done: format.format(generated), total: format.format(count) })}
      </Typography>
    </Box>
  );
}
