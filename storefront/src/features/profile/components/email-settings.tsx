import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseEmail } from '@topup/common';
import type { Profile } from '@topup/common/api';
import { EmailInput } from '../../../components/ui/email-input';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-message';
import { useChangeEmail } from '../api/change-email';
import styles from './change-password.module.css';

/**
 * The account's address: whether it is confirmed, and a form to set, change or remove it. A new or
 * unconfirmed address is mailed a link; saving the same unconfirmed address sends the link again.
 */
export function EmailSettings({ profile }: { profile: Pick<Profile, 'email' | 'emailVerified'> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { title: useId(), email: useId(), error: useId(), status: useId() };
  const [email, setEmail] = useState(profile.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const change = useChangeEmail({
    mutationConfig: {
      onSuccess: (answer) => {
        if (answer.email === null) toast.info(t('profile.email_removed'));
        else if (!answer.emailVerified) toast.success(t('profile.email_saved', { email: answer.email }));
      },
      onError: (error) => {
        if (toApiError(error).code === 'VALIDATION_FAILED') setInvalid(true);
      },
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (email.trim() !== '' && !normaliseEmail(email)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    change.mutate({ email: email.trim() === '' ? null : email.trim() });
  };

  const unchangedUnverified = profile.email !== null && !profile.emailVerified && normaliseEmail(email) === profile.email;
  const failure = change.isError && !invalid ? errorText(t, change.error, 'errors.general') : null;
  return (
    <section className={`card ${styles.card}`} aria-labelledby={ids.title}>
      <div>
        <h2 id={ids.title} className={styles.title}>
          {t('profile.email_title')}
        </h2>
        <p className={styles.text}>{t('profile.email_text')}</p>
      </div>
      <p id={ids.status} data-testid="email-status">
        {profile.email === null
          ? t('profile.email_none')
          : profile.emailVerified
            ? `${profile.email} — ${t('profile.email_verified')}`
            : t('profile.email_unverified', { email: profile.email })}
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        <Field id={ids.email} label={t('auth.email')}>
          <EmailInput
            ref={input}
            id={ids.email}
            value={email}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? ids.error : ids.status}
            onChange={(event) => setEmail(event.target.value)}
          />
          {invalid && (
            <p id={ids.error} className="field__error">
              {t('validation.email_invalid')}
            </p>
          )}
        </Field>
        <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={change.isPending}>
          {change.isPending && <span className="spinner" aria-hidden="true" />}
          {change.isPending ? t('profile.email_saving') : unchangedUnverified ? t('profile.email_resend') : t('profile.email_save')}
        </button>
      </form>
    </section>
  );
}
