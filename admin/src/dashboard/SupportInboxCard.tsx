import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Button, Chip, List, ListItemButton, ListItemText, Skeleton } from '@mui/material';
import type { SupportInbox } from '@topup/common/api';
import { useBasename, useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { listLink } from '../lib/listLink';
import { Panel } from './StatCard';

/** The dashboard's support card: how many messages wait unread, and the newest of them, each opening its message. */
export function SupportInboxCard({ inbox }: { inbox: SupportInbox | undefined }) {
  const translate = useTranslate();
  const basename = useBasename();
  const createPath = useCreatePath();
  const formatDateTime = useFormatDateTime();
  return (
    <Panel
      title={translate('support_inbox.title')}
      icon={<SupportAgentIcon />}
      action={
        <Button size="small" component={RouterLink} to={listLink('supportMessages', { unread: 'true' }, basename)}>
          {translate('support_inbox.open')}
        </Button>
      }
    >
      {!inbox ? (
        <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />
      ) : (
        <>
          <Box sx={{ px: 2, pb: 1 }}>
            <Chip
              size="small"
              color={inbox.unread > 0 ? 'error' : 'success'}
              variant={inbox.unread > 0 ? 'filled' : 'outlined'}
              label={translate('support_inbox.unread', { smart_count: inbox.unread })}
            />
          </Box>
          {inbox.latestUnread.length > 0 && (
            <List dense disablePadding sx={{ pb: 1 }}>
              {inbox.latestUnread.map((message) => (
                <ListItemButton key={message.id} component={RouterLink} to={createPath({ resource: 'supportMessages', id: message.id, type: 'show' })}>
                  <ListItemText
                    primary={`${message.nickname} · ${formatDateTime(message.createdAt)}`}
                    secondary={message.preview}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: 700 } }, secondary: { noWrap: true } }}
                    sx={{ minWidth: 0 }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
    </Panel>
  );
}
