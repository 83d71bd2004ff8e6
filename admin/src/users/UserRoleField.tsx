import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser } from '@topup/common/api';

export function UserRoleChip({ role }: { role: unknown }) {
  const translate = useTranslate();
  const name = String(role ?? '');
  return (
    <Chip
      size="small"
      color={role === 'admin' ? 'secondary' : 'default'}
      variant={role === 'admin' ? 'filled' : 'outlined'}
      label={translate(`resources.users.role.${name}`, { _: name })}
    />
  );
}

export function UserRoleField(_props: { label?: string; source?: string }) {
  const user = useRecordContext<AdminUser>();
  return user ? <UserRoleChip role={user.role} /> : null;
}
