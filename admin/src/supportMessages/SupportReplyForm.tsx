import SendIcon from '@mui/icons-material/Send';
import { Box, Button, TextField } from '@mui/material';
import { SUPPORT_TEXT_MAX_LENGTH } from '@topup/common';
import type { AdminSupportMessage } from '@topup/common/api';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';

/** Writes a reply: the shopper reads it on /support, and the message becomes answered. */
export function SupportReplyForm() {
  const message = useRecordContext<AdminSupportMessage>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  if (!message) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      await request('POST', `/api/admin/support-messages/${message.id}/replies`, { message: text });
      setText('');
      notify('resources.supportMessages.notifications.replied', { type: 'info' });
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label={translate('resources.supportMessages.reply.label')}
        helperText={message.userId === null ? translate('resources.supportMessages.reply.visitor_hint') : translate('resources.supportMessages.reply.hint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SUPPORT_TEXT_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={!text.trim() || sending} sx={{ justifySelf: 'start' }}>
        {translate('resources.supportMessages.reply.send')}
      </Button>
    </Box>
  );
}
