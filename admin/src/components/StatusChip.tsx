import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const COLORS: Record<string, ChipProps['color']> = {
  available: 'success',
  reserved: 'warning',
  used: 'default',
  error: 'error',
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

/** A status as a coloured chip with its translated name (`catalogue.status.<value>`). */
export function StatusChip({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (typeof value !== 'string') return null;
  return (
    <Chip
      size="small"
      variant={value === 'used' ? 'outlined' : 'filled'}
      color={COLORS[value] ?? 'default'}
      label={translate(`catalogue.status.${value}`, { _: value })}
    />
  );
}
