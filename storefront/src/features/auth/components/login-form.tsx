import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@topup/common';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { SHORT_TOAST_DURATION } from '../../../components/ui/toast/toast-queue';
import { needsSecondFactor, useLogin } from '../api/login';
import { loginFailure, type LoginFailure } from '../errors';
import { isLoginInputValid } from '../validation';
import styles from './auth.module.css';
import { TwoFactorStep } from './two-factor-step';

/**
 * Nickname, password and "remember me"; then, for an account with two-factor authentication, its
 * code. On success the session is stored; the route sends the shopper back.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { nickname: useId(), password: useId(), error: useId(), remember: useId() };
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<LoginFailure | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const nicknameInput = useRef<HTMLInputElement>(null);

  const login = useLogin({
    mutationConfig: {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) {
          setChallenge(answer.challenge);
          return;
        }
        if (answer.twoFactorEnrolmentRequired) {
          toast.info(t('security.enrolment_required'));
          return;
        }
        toast.success(t('auth.login_success', { nickname: answer.nickname }), { duration: SHORT_TOAST_DURATION });
      },
      onError: (failure) => setError(loginFailure(failure)),
    },
  });

  if (challenge) {
    // Back to the password: a new challenge is needed anyway.
    return (
      <TwoFactorStep
        challenge={challenge}
        onRestart={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (!isLoginInputValid({ nickname, password })) {
      setError({ key: 'validation.invalid_credentials' });
      nicknameInput.current?.focus();
      return;
    }
    setError(null);
    login.mutate({ nickname, password, remember });
  };

  const invalid = error?.key === 'validation.invalid_credentials';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={error ? ids.error : undefined}>
      {error && (
        <p id={ids.error} className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <span>{'minutes' in error ? t(error.key, { count: error.minutes }) : t(error.key)}</span>
        </p>
      )}
      <Field id={ids.nickname} label={t('auth.nickname')}>
        <input
          ref={nicknameInput}
          id={ids.nickname}
          name="nickname"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={NICKNAME_MAX_LENGTH}
          required
          value={nickname}
          aria-invalid={invalid || undefined}
          onChange={(event) => setNickname(event.target.value)}
        />
      </Field>
      <Field id={ids.password} label={t('auth.password')}>
        <PasswordInput
          id={ids.password}
          name="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          value={password}
          aria-invalid={invalid || undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link to="/password/forgot" className={styles.forgot}>
          {t('auth.forgot_link')}
        </Link>
      </Field>
      <label htmlFor={ids.remember} className={styles.remember}>
        <input
          id={ids.remember}
          name="remember"
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <span>{t('security.remember_me')}</span>
      </label>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={login.isPending}>
        {login.isPending && <span className="spinner" aria-hidden="true" />}
        {login.isPending ? t('auth.logging_in') : t('auth.login_button')}
      </button>
    </form>
  );
}
