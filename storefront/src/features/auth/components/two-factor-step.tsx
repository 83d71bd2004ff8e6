import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { SHORT_TOAST_DURATION } from '../../../components/ui/toast/toast-queue';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { twoFactorFailure, type TwoFactorFailure } from '../errors';
import styles from './auth.module.css';

type CodeKind = 'app' | 'recovery';

/** A TOTP is 6 digits; a recovery code `XXXXX-XXXXX`. */
const MAX_LENGTH: Record<CodeKind, number> = { app: 6, recovery: 11 };

/**
 * The second step of a sign-in for an account with two-factor authentication: the code from the
 * authenticator app, or one of the recovery codes. A challenge that has ended sends back to the password.
 */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { code: useId(), error: useId(), text: useId() };
  const [kind, setKind] = useState<CodeKind>('app');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<TwoFactorFailure | { key: 'security.code_required' } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [kind]);

  const verify = useLoginTwoFactor({
    mutationConfig: {
      onSuccess: (session) => {
        toast.success(t('auth.login_success', { nickname: session.nickname }), { duration: SHORT_TOAST_DURATION });
      },
      onError: (error) => {
        setFailure(twoFactorFailure(error));
        setCode('');
        input.current?.focus();
      },
    },
  });

  const expired = failure?.key === 'security.challenge_expired';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending || expired) return;
    if (code.trim() === '') {
      setFailure({ key: 'security.code_required' });
      input.current?.focus();
      return;
    }
    setFailure(null);
    verify.mutate({ challenge, code });
  };

  const switchKind = () => {
    setKind((current) => (current === 'app' ? 'recovery' : 'app'));
    setCode('');
    setFailure(null);
  };

  const attemptsLeft = failure?.key === 'security.code_wrong' ? failure.attemptsLeft : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${ids.text}-title`} data-testid="two-factor-step">
      <div className={styles.stepHead}>
        <h2 id={`${ids.text}-title`} className={styles.stepTitle}>
          {t('security.two_factor_title')}
        </h2>
        <p id={ids.text} className={styles.stepText}>
          {t(kind === 'app' ? 'security.two_factor_text' : 'security.two_factor_recovery_text')}
        </p>
      </div>
      {failure && (
        <p id={ids.error} className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <span>
            {t(failure.key)}
            {attemptsLeft !== null && ` ${t('security.attempts_left', { count: attemptsLeft })}`}
          </span>
        </p>
      )}
      {expired ? (
        <button type="button" className="btn btn--primary btn--lg btn--block" onClick={onRestart}>
          {t('security.start_over')}
        </button>
      ) : (
        <>
          <Field id={ids.code} label={t(kind === 'app' ? 'security.code_label' : 'security.recovery_code_label')}>
            <input
              ref={input}
              id={ids.code}
              name="code"
              className={`input ${styles.codeInput}`}
              autoComplete="one-time-code"
              inputMode={kind === 'app' ? 'numeric' : 'text'}
              autoCapitalize={kind === 'app' ? 'none' : 'characters'}
              spellCheck={false}
              maxLength={MAX_LENGTH[kind]}
              placeholder={kind === 'app' ? '123456' : 'XXXXX-XXXXX'}
              value={code}
              aria-invalid={Boolean(failure) || undefined}
              aria-describedby={[ids.text, failure ? ids.error : undefined].filter(Boolean).join(' ')}
              onChange={(event) => setCode(kind === 'app' ? event.target.value.replace(/\D/g, '') : event.target.value)}
            />
          </Field>
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={verify.isPending}>
            {verify.isPending && <span className="spinner" aria-hidden="true" />}
            {verify.isPending ? t('security.verifying') : t('security.verify_button')}
          </button>
          <div className={styles.stepLinks}>
            <button type="button" className={styles.linkButton} onClick={switchKind}>
              {t(kind === 'app' ? 'security.use_recovery' : 'security.use_app')}
            </button>
            <button type="button" className={styles.linkButton} onClick={onRestart}>
              {t('security.start_over')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
