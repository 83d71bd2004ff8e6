import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button as MuiButton } from '@mui/material';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '@topup/common';
import type { AdminUser } from '@topup/common/api';
import { useState } from 'react';
import { Confirm, Form, maxLength, minLength, PasswordInput, required, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { errorNotification } from '../components/errors';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { useApiRequest } from '../lib/useApiRequest';

const validatePassword = [required(), minLength(ADMIN_PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];

/** Sets a new password for the user (at least 6 characters); their signed-in sessions end. */
export function UserPasswordForm() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const request = useApiRequest();
  const [pendingPassword, setPendingPassword] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A new key empties the form after a change.
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  const change = async () => {
    if (pendingPassword === null) return;
    setSaving(true);
    try {
      await request('PUT', `${RESOURCE_ENDPOINTS.users}/${user.id}/password`, { password: pendingPassword });
      notify('resources.users.password.changed', { type: 'info', messageArgs: { name: user.nickname } });
      setFormKey((key) => key + 1);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSaving(false);
      setPendingPassword(null);
    }
  };

  return (
    <>
      <Form
        key={formKey}
        record={{ id: user.id }}
        defaultValues={{ password: '' }}
        onSubmit={(values: { password?: unknown }) => setPendingPassword(String(values.password ?? ''))}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <PasswordInput
            source="password"
            label="resources.users.password.new"
            placeholder={translate('resources.users.password.placeholder', { min: ADMIN_PASSWORD_MIN_LENGTH })}
            helperText={translate('resources.users.password.hint', { min: ADMIN_PASSWORD_MIN_LENGTH })}
            validate={validatePassword}
            autoComplete="new-password"
            sx={{ flex: '1 1 260px', maxWidth: 400 }}
          />
          <MuiButton type="submit" variant="outlined" startIcon={<LockResetIcon />} disabled={saving} sx={{ mt: 1 }}>
            {translate('resources.users.password.submit')}
          </MuiButton>
        </Box>
      </Form>
      <Confirm
        isOpen={pendingPassword !== null}
        loading={saving}
        title="resources.users.password.confirm_title"
        titleTranslateOptions={{ name: user.nickname }}
        content="resources.users.password.confirm_content"
        confirm="resources.users.password.submit"
        confirmColor="warning"
        onConfirm={() => void change()}
        onClose={() => setPendingPassword(null)}
      />
    </>
  );
}
