import { useState, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { getToken, isEnrolmentToken } from '../lib/session';
import { ForcedEnrolment } from '../twoFactor';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

export function Layout({ children }: { children: ReactNode }) {
  // Read once: confirming the enrolment saves a full token, yet the recovery codes must stay on
  // screen until the admin has saved them (the enrolment then reloads the back office).
  const [enrolmentOnly] = useState(() => isEnrolmentToken(getToken()));
  if (enrolmentOnly) return <ForcedEnrolment />;
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
}
