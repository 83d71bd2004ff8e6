import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@topup/common';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/error-message';
import { toApiError } from '../../../lib/api-error';
import { PASSWORD_LIMITS, passwordRuleError } from '../../../utils/password-rules';
import { useResetPassword } from '../api/mail-links';
import { mailLinkFailure } from '../errors';
import styles from './auth.module.css';

type PasswordErrorKey = NonNullable<ReturnType<typeof passwordRuleError>> | 'passwords_dont_match';

/** The password error a 400 names (`details: [{field: 'password', message}]`), if the form knows it. */
function serverPasswordError(error: unknown): PasswordErrorKey | null {
  const details = toApiError(error).details;
  if (!Array.isArray(details)) return null;
  const message = (details as Array<{ field?: unknown; message?: unknown }>).find((detail) => detail.field === 'password')?.message;
  return message === 'password_too_short' || message === 'password_too_long' || message === 'password_no_number' ? message : null;
}

/** "Set a new password", from the mailed link's token: the new password twice; then every session has ended. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const ids = { password: useId(), confirm: useId(), hint: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: PasswordErrorKey; confirm?: PasswordErrorKey }>({});
  const inputs = useRef<{ password?: HTMLInputElement | null; confirm?: HTMLInputElement | null }>({});
  const reset = useResetPassword({
    mutationConfig: {
      onError: (error) => {
        const key = serverPasswordError(error);
        if (key) setErrors({ password: key });
      },
    },
  });

  if (reset.isSuccess) {
    return (
      <div className={styles.form} role="status">
        <h2 className={styles.subtitle}>{t('auth.reset_done_title')}</h2>
        <p>{t('auth.reset_done_text')}</p>
        <Link to="/login" className="btn btn--primary btn--lg btn--block">
          {t('auth.login_button')}
        </Link>
      </div>
    );
  }

  const linkFailure = reset.isError ? mailLinkFailure(reset.error) : null;
  const generalFailure = reset.isError && !linkFailure && !serverPasswordError(reset.error) ? errorText(t, reset.error, 'errors.general') : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found = { password: passwordRuleError(password) ?? undefined, confirm: confirm === password ? undefined : ('passwords_dont_match' as const) };
    setErrors(found);
    if (found.password || found.confirm) {
      inputs.current[found.password ? 'password' : 'confirm']?.focus();
      return;
    }
    reset.mutate({ token, password });
  };

  const field = (name: 'password' | 'confirm', label: string, hint?: string) => {
    const key = errors[name];
    return (
      <PasswordField
        ref={(node: HTMLInputElement | null) => {
          inputs.current[name] = node;
        }}
        id={ids[name]}
        label={label}
        name={name === 'password' ? 'password' : 'confirmPassword'}
        autoComplete="new-password"
        required
        value={name === 'password' ? password : confirm}
        onChange={(event) => (name === 'password' ? setPassword : setConfirm)(event.target.value)}
        error={key && t(`validation.${key}`, PASSWORD_LIMITS)}
        hint={hint}
        hintId={ids.hint}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {(linkFailure || generalFailure) && (
        <p className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <span>
            {linkFailure ? t(linkFailure) : generalFailure}
            {linkFailure && (
              <>
                {' '}
                <Link to="/password/forgot">{t('auth.request_new_link')}</Link>
              </>
            )}
          </span>
        </p>
      )}
      {field('password', t('auth.new_password'), t('auth.password_hint', { min: PASSWORD_MIN_LENGTH }))}
      {field('confirm', t('auth.confirm_new_password'))}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={reset.isPending}>
        {reset.isPending && <span className="spinner" aria-hidden="true" />}
        {reset.isPending ? t('auth.resetting') : t('auth.reset_button')}
      </button>
    </form>
  );
}
