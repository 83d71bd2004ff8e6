import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function PasswordForgotRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.forgot_title')}
      subtitle={t('auth.forgot_subtitle')}
      footer={
        <p>
          <Link to="/login">{t('auth.back_to_login')}</Link>
        </p>
      }
    >
      <title>{`${t('auth.forgot_title')} — ${t('app.name')}`}</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

export { PasswordForgotRoute as Component };
