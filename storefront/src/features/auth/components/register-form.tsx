import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@topup/common';
import { EmailInput } from '../../../components/ui/email-input';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { SHORT_TOAST_DURATION } from '../../../components/ui/toast/toast-queue';
import { useRegister } from '../api/register';
import { registerFailure, type RegisterFailure } from '../errors';
import { hasErrors, messageParams, validateRegistration, type RegisterErrors, type RegisterInput } from '../validation';
import styles from './auth.module.css';

export const SHAKE_MS = 400;
const FIELDS = ['nickname', 'password', 'confirmPassword', 'email'] as const;

/** Nickname, password and confirmation, checked as the specification says; a failure shakes the form. */
export function RegisterForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = {
    nickname: useId(),
    password: useId(),
    confirmPassword: useId(),
    email: useId(),
    emailHint: useId(),
    error: useId(),
    nicknameHint: useId(),
    passwordHint: useId(),
  };
  const [values, setValues] = useState<RegisterInput>({ nickname: '', password: '', confirmPassword: '', email: '' });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [general, setGeneral] = useState<Extract<RegisterFailure, { general: string }>['general'] | null>(null);
  const [shaking, setShaking] = useState(false);
  const inputs = useRef<Partial<Record<keyof RegisterInput, HTMLInputElement | null>>>({});
  const shakeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(shakeTimer.current), []);

  const shake = () => {
    window.clearTimeout(shakeTimer.current);
    setShaking(false);
    // Restart the animation on the next frame so repeated failures shake again.
    window.requestAnimationFrame(() => {
      setShaking(true);
      shakeTimer.current = window.setTimeout(() => setShaking(false), SHAKE_MS);
    });
  };

  const registration = useRegister({
    mutationConfig: {
      onSuccess: (session) => {
        toast.success(t('auth.register_success', { nickname: session.nickname }), { duration: SHORT_TOAST_DURATION });
      },
      onError: (failure) => {
        const result = registerFailure(failure);
        if ('fields' in result) {
          setErrors((previous) => ({ ...previous, ...result.fields }));
          const first = FIELDS.find((field) => result.fields[field]);
          if (first) inputs.current[first]?.focus();
        } else {
          setGeneral(result.general);
        }
        shake();
      },
    },
  });

  const update = (field: keyof RegisterInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt, re-check as the shopper types.
    if (submitted) setErrors(validateRegistration(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    setSubmitted(true);
    setGeneral(null);
    const found = validateRegistration(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELDS.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      shake();
      return;
    }
    registration.mutate(values);
  };

  const errorText = (field: keyof RegisterInput) => {
    const key = errors[field];
    return key ? t(`validation.${key}`, messageParams(key)) : null;
  };

  const describedBy = (field: keyof RegisterInput, hint?: string) =>
    [hint, errors[field] ? `${ids[field]}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className={`${styles.form} ${shaking ? styles.shake : ''}`} onSubmit={onSubmit} noValidate data-shaking={shaking || undefined}>
      {general && (
        <p id={ids.error} className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <span>{t(general)}</span>
        </p>
      )}

      <Field id={ids.nickname} label={t('auth.nickname')}>
        <input
          ref={(node) => {
            inputs.current.nickname = node;
          }}
          id={ids.nickname}
          name="nickname"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={NICKNAME_MAX_LENGTH}
          required
          value={values.nickname}
          aria-invalid={Boolean(errors.nickname) || undefined}
          aria-describedby={describedBy('nickname', ids.nicknameHint)}
          onChange={(event) => update('nickname', event.target.value)}
        />
        {errors.nickname ? (
          <p id={`${ids.nickname}-error`} className="field__error">
            {errorText('nickname')}
          </p>
        ) : (
          <p id={ids.nicknameHint} className="field__hint">
            {t('auth.nickname_hint', { min: NICKNAME_MIN_LENGTH })}
          </p>
        )}
      </Field>

      <Field id={ids.password} label={t('auth.password')}>
        <PasswordInput
          ref={(node: HTMLInputElement | null) => {
            inputs.current.password = node;
          }}
          id={ids.password}
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          value={values.password}
          aria-invalid={Boolean(errors.password) || undefined}
          aria-describedby={describedBy('password', ids.passwordHint)}
          onChange={(event) => update('password', event.target.value)}
        />
        {errors.password ? (
          <p id={`${ids.password}-error`} className="field__error">
            {errorText('password')}
          </p>
        ) : (
          <p id={ids.passwordHint} className="field__hint">
            {t('auth.password_hint', { min: PASSWORD_MIN_LENGTH })}
          </p>
        )}
      </Field>

      <Field id={ids.confirmPassword} label={t('auth.confirm_password')}>
        <PasswordInput
          ref={(node: HTMLInputElement | null) => {
            inputs.current.confirmPassword = node;
          }}
          id={ids.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          value={values.confirmPassword}
          aria-invalid={Boolean(errors.confirmPassword) || undefined}
          aria-describedby={describedBy('confirmPassword')}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        {errors.confirmPassword && (
          <p id={`${ids.confirmPassword}-error`} className="field__error">
            {errorText('confirmPassword')}
          </p>
        )}
      </Field>

      <Field id={ids.email} label={t('auth.email_optional')}>
        <EmailInput
          ref={(node) => {
            inputs.current.email = node;
          }}
          id={ids.email}
          value={values.email}
          aria-invalid={Boolean(errors.email) || undefined}
          aria-describedby={describedBy('email', ids.emailHint)}
          onChange={(event) => update('email', event.target.value)}
        />
        {errors.email ? (
          <p id={`${ids.email}-error`} className="field__error">
            {errorText('email')}
          </p>
        ) : (
          <p id={ids.emailHint} className="field__hint">
            {t('auth.email_hint')}
          </p>
        )}
      </Field>

      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={registration.isPending}>
        {registration.isPending && <span className="spinner" aria-hidden="true" />}
        {registration.isPending ? t('auth.registering') : t('auth.register_button')}
      </button>
    </form>
  );
}
