import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, useRecordContext, useTranslate, type TransformData } from 'react-admin';
import type { AdminUser } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { UserTwoFactor } from '../twoFactor';
import { balanceUpdate } from './balanceUpdate';
import { UserBalanceForm } from './UserBalanceForm';
import { UserOrders } from './UserOrders';
import { UserPasswordForm } from './UserPasswordForm';
import { UserRoleChip } from './UserRoleField';

/** Only the balances that changed, with the reason (the API refuses any other field). */
const transform: TransformData = (data, options) => balanceUpdate(options?.previousData ?? {}, data) ?? {};

function UserHeader() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', pb: 1 }}>
      <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
        {user.nickname}
      </Typography>
      <UserRoleChip role={user.role} />
      <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
        {translate('resources.users.summary', { id: user.id, smart_count: user.ordersCount })}{' '}
        <LocalizedDateField source="createdAt" />
      </Typography>
    </CardContent>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
      </CardContent>
      {children}
    </Card>
  );
}

/** A user's page: balances (with a reason), a new password, two-factor authentication, and their orders. */
export function UserEdit() {
  return (
    <Edit component="div" mutationMode="pessimistic" transform={transform} redirect="list">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card variant="outlined">
          <UserHeader />
          <Divider />
          <UserBalanceForm />
        </Card>
        <Section title="resources.users.password.title">
          <CardContent>
            <UserPasswordForm />
          </CardContent>
        </Section>
        <Section title="two_factor.reset.title">
          <CardContent>
            <UserTwoFactor />
          </CardContent>
        </Section>
        <Section title="resources.users.sections.orders">
          <Box sx={{ overflowX: 'auto' }}>
            <UserOrders />
          </Box>
        </Section>
      </Box>
    </Edit>
  );
}
