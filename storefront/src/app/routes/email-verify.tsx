import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { StateView } from '../../components/ui/state-views';
import { EmailVerification } from '../../features/auth/components/email-verification';

/** Opened from the mailed verification link, `?token=…`; needs no session (the link may open in another browser). */
export function EmailVerifyRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <div className="container">
      <title>{`${t('auth.verify_title')} — ${t('app.name')}`}</title>
      {token ? <EmailVerification token={token} /> : <StateView title={t('auth.link_missing')} />}
    </div>
  );
}

export { EmailVerifyRoute as Component };
