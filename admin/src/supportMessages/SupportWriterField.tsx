import { Box, Link, Typography } from '@mui/material';
import type { AdminSupportMessage } from '@topup/common/api';
import type { MouseEvent } from 'react';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** The name the writer gave, and their account (a link to the users tab) when they were signed in. */
export function SupportWriterField(_props: { label?: string; source?: string }) {
  const message = useRecordContext<AdminSupportMessage>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 'inherit' }} noWrap>
        {message.nickname}
      </Typography>
      {message.userId === null ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.supportMessages.visitor')}
        </Typography>
      ) : (
        <Link
          component={RouterLink}
          to={createPath({ resource: 'users', id: message.userId, type: 'edit' })}
          onClick={(event: MouseEvent) => event.stopPropagation()}
          underline="hover"
          variant="caption"
        >
          {translate('resources.supportMessages.account', { name: message.userNickname ?? `#${message.userId}` })}
        </Link>
      )}
    </Box>
  );
}
