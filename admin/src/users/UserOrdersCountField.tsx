import { Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useRecordContext } from 'react-admin';
import type { AdminUser } from '@topup/common/api';
import { listLink } from '../lib/listLink';

/** How many orders the user placed, linking to the orders list filtered to them. */
export function UserOrdersCountField(_props: { label?: string; source?: string }) {
  const user = useRecordContext<AdminUser>();
  const basename = useBasename();
  if (!user) return null;
  if (!user.ordersCount) return <span>0</span>;
  return (
    <Link
      component={RouterLink}
      to={listLink('orders', { userId: user.id }, basename)}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      underline="hover"
      sx={{ fontWeight: 600 }}
    >
      {user.ordersCount}
    </Link>
  );
}
