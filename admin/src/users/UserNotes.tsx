import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { Box, Button as MuiButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, maxLength, Pagination, ReferenceManyField, required, TextInput, useCreate, useListContext, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { USER_NOTE_MAX_LENGTH } from '@topup/common';
import type { AdminUser, AdminUserNote } from '@topup/common/api';
import { errorNotification } from '../components/errors';

const validateNote = [required(), maxLength(USER_NOTE_MAX_LENGTH)];

function NoteList() {
  const { data } = useListContext<AdminUserNote>();
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <List dense disablePadding>
      {data?.map((note) => (
        <ListItem key={note.id} divider alignItems="flex-start">
          <ListItemText
            primary={note.note}
            slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
            secondary={translate('resources.users.notes.by', {
              author: note.authorNickname ?? translate('resources.users.notes.removed_admin'),
              date: new Date(note.createdAt).toLocaleString(locale),
            })}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Admins' notes on the customer, newest first with who wrote them, and a form to add one. */
export function UserNotes() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  const add = (values: { note?: unknown }) =>
    create(
      'userNotes',
      { data: { userId: user.id, note: String(values.note ?? '').trim() } },
      {
        onSuccess: () => {
          notify('resources.users.notes.added', { type: 'info' });
          setFormKey((key) => key + 1);
        },
        onError: (error) => notify(...errorNotification(error)),
      },
    );

  return (
    <Box>
      <Form key={formKey} record={{ note: '' }} onSubmit={(values: { note?: unknown }) => void add(values)}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', px: 2 }}>
          <TextInput
            source="note"
            label="resources.users.notes.label"
            multiline
            minRows={2}
            validate={validateNote}
            helperText="resources.users.notes.hint"
            sx={{ flex: '1 1 320px', maxWidth: 640 }}
            slotProps={{ htmlInput: { maxLength: USER_NOTE_MAX_LENGTH } }}
          />
          <MuiButton type="submit" variant="outlined" startIcon={<NoteAddIcon />} disabled={isPending} sx={{ mt: 1 }}>
            {translate('resources.users.notes.add')}
          </MuiButton>
        </Box>
      </Form>
      <ReferenceManyField
        reference="userNotes"
        target="userId"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('resources.users.notes.empty')}
          </Typography>
        }
      >
        <NoteList />
      </ReferenceManyField>
    </Box>
  );
}
