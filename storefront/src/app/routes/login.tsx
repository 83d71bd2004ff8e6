import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { safeReturnPath } from '../../features/auth/validation';
import { useSession } from '../../lib/auth';

export function LoginRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  // Logged in (just now, or already): back to where the shopper came from, or home.
  if (session) return <Navigate to={safeReturnPath(from)} replace />;

  return (
    <AuthLayout
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      footer={
        <>
          <p>
            {t('auth.no_account')} <Link to="/register" state={location.state}>{t('auth.register_link')}</Link>
          </p>
          <p>
            {t('auth.need_help')} <Link to="/support">{t('auth.support_link')}</Link>
          </p>
        </>
      }
    >
      <title>{`${t('auth.login_title')} — ${t('app.name')}`}</title>
      <LoginForm />
    </AuthLayout>
  );
}

export { LoginRoute as Component };
