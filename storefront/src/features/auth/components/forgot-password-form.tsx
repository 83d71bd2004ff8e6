import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { normaliseEmail } from '@topup/common';
import { EmailInput } from '../../../components/ui/email-input';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { errorText } from '../../../lib/error-message';
import { useForgotPassword } from '../api/mail-links';
import styles from './auth.module.css';

/**
 * "Forgot password?": the address confirmed on the account. The answer is the same whether or not an
 * account has it, so the page only ever says where the link went if it exists.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const ids = { email: useId(), error: useId(), alert: useId() };
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const forgot = useForgotPassword({ mutationConfig: { onSuccess: (_answer, body) => setSentTo(body.email.trim()) } });

  if (sentTo) {
    return (
      <div className={styles.form} role="status">
        <h2 className={styles.subtitle}>{t('auth.forgot_sent_title')}</h2>
        <p>{t('auth.forgot_sent_text', { email: sentTo })}</p>
        <p className={styles.subtitle}>
          {t('auth.forgot_no_email')} <Link to="/support">{t('auth.support_link')}</Link>
        </p>
        <Link to="/login" className="btn btn--primary btn--lg btn--block">
          {t('auth.back_to_login')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    if (!normaliseEmail(email)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    forgot.mutate({ email });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {forgot.isError && (
        <p id={ids.alert} className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <span>{errorText(t, forgot.error, 'errors.general')}</span>
        </p>
      )}
      <Field id={ids.email} label={t('auth.email')}>
        <EmailInput
          ref={input}
          id={ids.email}
          required
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {invalid && (
          <p id={ids.error} className="field__error">
            {t('validation.email_invalid')}
          </p>
        )}
      </Field>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={forgot.isPending}>
        {forgot.isPending && <span className="spinner" aria-hidden="true" />}
        {forgot.isPending ? t('auth.forgot_sending') : t('auth.forgot_button')}
      </button>
    </form>
  );
}
