import ArchiveIcon from '@mui/icons-material/Archive';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import type { AdminSupportMessage, UpdateSupportMessageBody } from '@topup/common/api';
import { Button, ListButton, TopToolbar, useNotify, useRecordContext, useRedirect, useUpdate } from 'react-admin';
import { errorNotification } from '../components/errors';

function useChangeMessage() {
  const message = useRecordContext<AdminSupportMessage>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminSupportMessage>();
  const change = (data: UpdateSupportMessageBody, done: string, onSuccess?: () => void) => {
    if (!message) return;
    void update(
      'supportMessages',
      { id: message.id, data, previousData: message },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'info', messageArgs: { id: message.id } });
          onSuccess?.();
        },
        onError: (error) => notify(...errorNotification(error)),
      },
    );
  };
  return { message, change, isPending };
}

/** Closes a message that needs nothing more, or reopens a closed one. */
function CloseReopenButton() {
  const { message, change, isPending } = useChangeMessage();
  if (!message) return null;
  return message.status === 'closed' ? (
    <Button label="resources.supportMessages.actions.reopen" disabled={isPending} onClick={() => change({ status: 'open' }, 'resources.supportMessages.notifications.reopened')}>
      <UnarchiveIcon />
    </Button>
  ) : (
    <Button label="resources.supportMessages.actions.close" disabled={isPending} onClick={() => change({ status: 'closed' }, 'resources.supportMessages.notifications.closed')}>
      <ArchiveIcon />
    </Button>
  );
}

/** Marks the message unread and goes back to the inbox (staying would open, and so read, it again). */
function MarkUnreadButton() {
  const { message, change, isPending } = useChangeMessage();
  const redirect = useRedirect();
  if (!message?.readAt) return null;
  return (
    <Button
      label="resources.supportMessages.actions.mark_unread"
      disabled={isPending}
      onClick={() => change({ read: false }, 'resources.supportMessages.notifications.marked_unread', () => redirect('list', 'supportMessages'))}
    >
      <MarkEmailUnreadIcon />
    </Button>
  );
}

export function SupportMessageActions() {
  return (
    <TopToolbar>
      <CloseReopenButton />
      <MarkUnreadButton />
      <ListButton />
    </TopToolbar>
  );
}
