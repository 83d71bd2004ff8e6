import { Chip, type ChipProps } from '@mui/material';
import type { SupportMessageStatus } from '@topup/common';
import type { AdminSupportMessage } from '@topup/common/api';
import { useRecordContext, useTranslate } from 'react-admin';

const COLORS: Record<SupportMessageStatus, ChipProps['color']> = { open: 'warning', answered: 'success', closed: 'default' };

/** The status as a coloured chip: open waits for the team, answered is done, closed is put away. */
export function SupportStatusChip({ status, size = 'small' }: { status: SupportMessageStatus; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={COLORS[status]}
      variant={status === 'closed' ? 'outlined' : 'filled'}
      label={translate(`resources.supportMessages.status.${status}`)}
      sx={{ fontWeight: 700 }}
    />
  );
}

export function SupportStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<AdminSupportMessage>();
  return record ? <SupportStatusChip status={record.status} /> : null;
}
