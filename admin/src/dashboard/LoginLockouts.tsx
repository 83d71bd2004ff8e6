import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Dashboard } from '@topup/common/api';
import { useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';

/** Nicknames whose password logins are blocked now after repeated failures: an attack on those accounts. */
export function LoginLockouts({ lockouts }: { lockouts: Dashboard['loginLockouts'] }) {
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (lockouts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {translate('dashboard.login_lockouts_none')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding sx={{ pb: 1, maxHeight: 240, overflowY: 'auto' }} data-testid="login-lockouts">
      {lockouts.map((lockout) => (
        <ListItem key={lockout.nickname}>
          <ListItemText
            primary={lockout.nickname}
            secondary={translate('dashboard.login_lockouts_until', { until: formatDateTime(lockout.until) })}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
