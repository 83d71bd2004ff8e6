import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@topup/common';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon';
import { PasswordField } from '../../../components/ui/password-field';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { PASSWORD_LIMITS } from '../../../utils/password-rules';
import { useChangePassword } from '../api/change-password';
import {
  changePasswordFailure,
  type ChangePasswordFailure,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeInput,
} from '../utils/password-change';
import styles from './change-password.module.css';

const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The shopper's own password: the current one, the new one twice. Other devices are logged out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { currentPassword: useId(), newPassword: useId(), confirmPassword: useId(), title: useId(), hint: useId() };
  const [values, setValues] = useState<PasswordChangeInput>(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [general, setGeneral] = useState<Extract<ChangePasswordFailure, { field: null }>['key'] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof PasswordChangeInput, HTMLInputElement | null>>>({});

  const change = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        setValues(EMPTY);
        setSubmitted(false);
        toast.success(t('security.password_changed'));
      },
      onError: (error) => {
        const failure = changePasswordFailure(error);
        if (failure.field === 'currentPassword') {
          setErrors({ currentPassword: failure.key });
          inputs.current.currentPassword?.focus();
        } else if (failure.field === 'newPassword') {
          setErrors({ newPassword: `validation.${failure.key}` });
          inputs.current.newPassword?.focus();
        } else {
          setGeneral(failure.key);
        }
      },
    },
  });

  const update = (field: keyof PasswordChangeInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt, re-check as the shopper types.
    if (submitted) setErrors(validatePasswordChange(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setSubmitted(true);
    setGeneral(null);
    const found = validatePasswordChange(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  const field = (name: keyof PasswordChangeInput, label: string, autoComplete: string, hint?: string) => {
    const error = errors[name];
    return (
      <PasswordField
        ref={(node: HTMLInputElement | null) => {
          inputs.current[name] = node;
        }}
        id={ids[name]}
        label={label}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => update(name, event.target.value)}
        error={error && t(error, PASSWORD_LIMITS)}
        hint={hint}
        hintId={ids.hint}
      />
    );
  };

  return (
    <section className={`card ${styles.card}`} aria-labelledby={ids.title}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <ShieldIcon size={22} />
        </span>
        <div>
          <h2 id={ids.title} className={styles.title}>
            {t('security.change_password_title')}
          </h2>
          <p className={styles.text}>{t('security.change_password_text')}</p>
        </div>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="change-password">
        {general && (
          <p className={styles.alert} role="alert">
            {t(general)}
          </p>
        )}
        {field('currentPassword', t('security.current_password'), 'current-password')}
        <div className={styles.newPasswords}>
          {field('newPassword', t('security.new_password'), 'new-password', t('auth.password_hint', { min: PASSWORD_MIN_LENGTH }))}
          {field('confirmPassword', t('security.confirm_new_password'), 'new-password')}
        </div>
        <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={change.isPending}>
          {change.isPending && <span className="spinner" aria-hidden="true" />}
          {change.isPending ? t('security.changing_password') : t('security.change_password_button')}
        </button>
      </form>
    </section>
  );
}
