import { Box, Card, CardContent, Divider, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import type { AdminSupportMessage, AdminSupportMessageDetail } from '@topup/common/api';
import { useQueryClient } from '@tanstack/react-query';
import { Show, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Fact } from '../components/Fact';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';
import { OrderStatusChip } from '../orders/OrderStatusField';
import { SupportMessageActions } from './SupportMessageActions';
import { SupportReplyForm } from './SupportReplyForm';
import { SupportStatusChip } from './SupportStatusField';
import { SupportWriterField } from './SupportWriterField';

/**
 * The message with its replies and orders once the page has read it: until then react-admin shows the
 * record a list already holds (the unread count's, say), which has neither.
 */
function useMessageDetail(): AdminSupportMessageDetail | undefined {
  const record = useRecordContext<AdminSupportMessage | AdminSupportMessageDetail>();
  return record && 'replies' in record ? record : undefined;
}

/** One entry of the conversation: the shopper's message or an admin's reply. */
function Bubble({ author, time, text, fromTeam }: { author: string; time: string; text: string; fromTeam: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, maxWidth: { xs: '100%', md: '85%' }, justifySelf: fromTeam ? 'end' : 'start', bgcolor: fromTeam ? 'action.selected' : 'background.paper' }}
    >
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {author} · {time}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Paper>
  );
}

function MessageSummary() {
  const message = useRecordContext<AdminSupportMessage>();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!message) return null;
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('resources.supportMessages.title', { id: message.id })}
        </Typography>
        <SupportStatusChip status={message.status} size="medium" />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Fact label={translate('resources.supportMessages.fields.nickname')}>
          <SupportWriterField />
        </Fact>
        <Fact label={translate('resources.supportMessages.fields.contact')}>{message.contact || '—'}</Fact>
        <Fact label={translate('resources.supportMessages.fields.createdAt')}>{formatDateTime(message.createdAt)}</Fact>
        <Fact label={translate('resources.supportMessages.fields.readAt')}>{formatDateTime(message.readAt)}</Fact>
      </Box>
    </CardContent>
  );
}

function Conversation() {
  const message = useMessageDetail();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!message) return null;
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {translate('resources.supportMessages.conversation')}
      </Typography>
      <Divider />
      <Bubble author={message.nickname} time={formatDateTime(message.createdAt)} text={message.message} fromTeam={false} />
      {message.replies.map((reply) => (
        <Bubble
          key={reply.id}
          author={reply.authorNickname ?? translate('resources.supportMessages.team')}
          time={formatDateTime(reply.createdAt)}
          text={reply.message}
          fromTeam
        />
      ))}
      <SupportReplyForm />
    </CardContent>
  );
}

function RecentOrders() {
  const message = useMessageDetail();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const formatDateTime = useFormatDateTime();
  if (!message || message.userId === null) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('resources.supportMessages.recent_orders')}
        </Typography>
        <Divider />
        {message.recentOrders.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 2 }}>
            {translate('resources.supportMessages.no_orders')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {message.recentOrders.map((order) => (
              <ListItemButton key={order.id} component={RouterLink} to={createPath({ resource: 'orders', id: order.id, type: 'show' })}>
                <ListItemText primary={`#${order.id} · ${formatMoney(order.total, order.currency)}`} secondary={formatDateTime(order.createdAt)} />
                <OrderStatusChip status={order.status} />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function ShowTitle() {
  const message = useRecordContext<AdminSupportMessage>();
  const translate = useTranslate();
  return <>{message ? translate('resources.supportMessages.title', { id: message.id }) : ''}</>;
}

/** One support message: who wrote, how to reach them, the conversation with a reply form, and their latest orders. */
export function SupportMessageShow() {
  const queryClient = useQueryClient();
  return (
    <Show
      actions={<SupportMessageActions />}
      component="div"
      title={<ShowTitle />}
      // Opening marks the message read: the inbox and the unread count show it at once.
      queryOptions={{ onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['supportMessages', 'getList'] }) }}
    >
      <MessageLayout />
    </Show>
  );
}

/** The message and conversation, with the writer's orders beside them on a wide screen (a visitor has none). */
function MessageLayout() {
  const message = useRecordContext<AdminSupportMessage>();
  const withOrders = message?.userId != null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: withOrders ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)' },
        alignItems: 'start',
        maxWidth: withOrders ? undefined : 1000,
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Card variant="outlined">
          <MessageSummary />
        </Card>
        <Card variant="outlined">
          <Conversation />
        </Card>
      </Box>
      <RecentOrders />
    </Box>
  );
}
