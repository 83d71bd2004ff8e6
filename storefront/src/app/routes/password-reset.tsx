import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Opened from the mailed reset link, `?token=…`. */
export function PasswordResetRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <AuthLayout
      title={t('auth.reset_title')}
      subtitle={token ? t('auth.reset_subtitle') : t('auth.link_missing')}
      footer={
        <p>
          <Link to="/password/forgot">{t('auth.request_new_link')}</Link>
        </p>
      }
    >
      <title>{`${t('auth.reset_title')} — ${t('app.name')}`}</title>
      {token && <ResetPasswordForm token={token} />}
    </AuthLayout>
  );
}

export { PasswordResetRoute as Component };
