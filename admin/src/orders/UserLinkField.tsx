import { Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCreatePath, useRecordContext } from 'react-admin';
import type { AdminOrder } from '@topup/common/api';

/** The buyer's nickname, linking to their page in the users tab. */
export function UserLinkField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<AdminOrder>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource: 'users', id: record.userId, type: 'edit' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      underline="hover"
      sx={{ fontWeight: 600 }}
    >
      {record.userNickname || `#${record.userId}`}
    </Link>
  );
}
