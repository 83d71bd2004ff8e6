import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState, StateView } from '../../../components/ui/state-views';
import { errorText } from '../../../lib/error-message';
import { useVerifyEmail } from '../api/mail-links';
import { mailLinkFailure } from '../errors';

/** The page the verification link opens: it confirms the address once, and says so or why not. */
export function EmailVerification({ token }: { token: string }) {
  const { t } = useTranslation();
  const verification = useVerifyEmail(token);
  const toProfile = (
    <Link to="/profile" className="btn btn--primary">
      {t('auth.to_profile')}
    </Link>
  );

  if (verification.isPending) return <LoadingState label={t('auth.verifying')} />;
  if (verification.isError) {
    const failure = mailLinkFailure(verification.error);
    if (failure) return <StateView tone="danger" title={t(failure)} actions={toProfile} />;
    return <ErrorState message={errorText(t, verification.error, 'errors.general')} onRetry={() => void verification.refetch()} />;
  }
  return <StateView title={t('auth.verify_done_title')} text={t('auth.verify_done_text', { email: verification.data.email })} actions={toProfile} />;
}
