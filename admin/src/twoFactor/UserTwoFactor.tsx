import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser } from '@topup/common/api';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import { twoFactorQueryKey, userTwoFactorUrl, useTwoFactorStatus } from './api';

/** A user's two-factor status on their page, and the reset another admin can do when a phone is lost. */
export function UserTwoFactor() {
  const user = useRecordContext<AdminUser>();
  return user ? <UserTwoFactorStatus user={user} /> : null;
}

function UserTwoFactorStatus({ user }: { user: AdminUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const request = useApiRequest();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const url = userTwoFactorUrl(user.id);
  const status = useTwoFactorStatus(request, url);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const own = identity !== undefined && String(identity.id) === String(user.id);

  const reset = async () => {
    setResetting(true);
    try {
      await request('DELETE', url);
      notify('two_factor.reset.done', { type: 'info', messageArgs: { name: user.nickname } });
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey(url) });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  };

  if (status.isPending) return <CircularProgress size={20} />;
  if (!status.data) return null;
  const { enabled, recoveryCodesLeft } = status.data;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="user-two-factor">
      <Typography sx={{ flex: '1 1 240px' }}>
        {enabled ? translate('two_factor.reset.on', { smart_count: recoveryCodesLeft }) : translate('two_factor.reset.off')}
        {enabled && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {translate(own ? 'two_factor.reset.own' : 'two_factor.reset.hint')}
          </Typography>
        )}
      </Typography>
      {enabled && !own && (
        <Button variant="outlined" color="warning" startIcon={<GppMaybeIcon />} onClick={() => setConfirming(true)} disabled={resetting}>
          {translate('two_factor.reset.button')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        loading={resetting}
        title="two_factor.reset.confirm_title"
        titleTranslateOptions={{ name: user.nickname }}
        content="two_factor.reset.confirm_content"
        confirm="two_factor.reset.button"
        confirmColor="warning"
        onConfirm={() => void reset()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
