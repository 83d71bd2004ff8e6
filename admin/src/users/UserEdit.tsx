import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { UserTwoFactor } from '../twoFactor';
import { UserBalanceForm } from './UserBalanceForm';
import { UserLedger } from './UserLedger';
import { UserNotes } from './UserNotes';
import { UserOrders } from './UserOrders';
import { UserPasswordForm } from './UserPasswordForm';
import { UserRoleChip } from './UserRoleField';
import { UserSupportMessages } from './UserSupportMessages';

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

/**
 * The customer screen: balances with a credit or debit, the balance history, orders, support requests,
 * admins' notes, a new password and two-factor authentication. Each part saves on its own.
 */
export function UserEdit() {
  return (
    <Edit component="div" actions={false}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card variant="outlined">
          <UserHeader />
          <Divider />
          <CardContent>
            <UserBalanceForm />
          </CardContent>
        </Card>
        <Section title="resources.users.sections.ledger">
          <Box sx={{ overflowX: 'auto', pt: 1 }}>
            <UserLedger />
          </Box>
        </Section>
        <Section title="resources.users.sections.orders">
          <Box sx={{ overflowX: 'auto' }}>
            <UserOrders />
          </Box>
        </Section>
        <Section title="resources.users.sections.support">
          <Box sx={{ overflowX: 'auto' }}>
            <UserSupportMessages />
          </Box>
        </Section>
        <Section title="resources.users.sections.notes">
          <Box sx={{ pt: 1 }}>
            <UserNotes />
          </Box>
        </Section>
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
      </Box>
    </Edit>
  );
}
