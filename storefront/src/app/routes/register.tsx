import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useSession } from '../../lib/auth';

export function RegisterRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();

  // Registered (or already logged in): to the home page.
  if (session) return <Navigate to="/" replace />;

  return (
    <AuthLayout
      title={t('auth.register_title')}
      subtitle={t('auth.register_subtitle')}
      footer={
        <p>
          {t('auth.have_account')} <Link to="/login" state={location.state}>{t('auth.login_link')}</Link>
        </p>
      }
    >
      <title>{`${t('auth.register_title')} — ${t('app.name')}`}</title>
      <RegisterForm />
    </AuthLayout>
  );
}

export { RegisterRoute as Component };
