import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down-icon';
import { SendIcon } from '../../../components/ui/icons/send-icon';
import { toApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { errorText } from '../../../lib/error-message';
import { useSupportSettings } from '../api/get-support-settings';
import { useSendSupportMessage } from '../api/send-support-message';
import { SUPPORT_LIMITS, type SupportField, supportFormErrors, supportPayload } from '../utils/support-form';
import { MyRequests } from './my-requests';
import styles from './support-view.module.css';

const FAQ = ['password', 'orders', 'direct'] as const;
/** The page an answer leads to, with the link under its answer. */
const FAQ_LINKS: Partial<Record<(typeof FAQ)[number], string>> = { password: '/password/forgot', orders: '/orders' };

/** The /support page: message form, "My requests" when signed in, FAQ, confirmation modal and the messenger link. */
export function SupportView() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <SupportForm />
        {/* A signed-in shopper's own messages and the team's replies. */}
        {session && <MyRequests />}
      </div>
      <section className={styles.faq} aria-labelledby="support-faq">
        <h2 id="support-faq" className={styles.sectionTitle}>
          {t('support.faq_title')}
        </h2>
        {FAQ.map((entry) => (
          <details key={entry} className={`card ${styles.question}`}>
            <summary>
              <span>{t(`support.faq.${entry}.question`)}</span>
              <ChevronDownIcon size={20} className={styles.chevron} />
            </summary>
            <p>
              {t(`support.faq.${entry}.answer`)}
              {FAQ_LINKS[entry] && (
                <>
                  {' '}
                  <Link to={FAQ_LINKS[entry]}>{t(`support.faq.${entry as 'password' | 'orders'}.link`)}</Link>
                </>
              )}
            </p>
          </details>
        ))}
      </section>
      <MessengerLink />
    </div>
  );
}

/**
 * The store's chat in a messenger, as the back office set it (none without an address): a round button
 * floating in the corner on a wide screen, a plain button at the end of the page on a phone, where a
 * floating one would cover the text beneath it.
 */
function MessengerLink() {
  const { t } = useTranslation();
  const settings = useSupportSettings();
  if (!settings.data?.messengerUrl) return null;
  const label = t('support.messenger_label', { messenger: settings.data.messengerName });
  return (
    <a href={settings.data.messengerUrl} className={styles.messenger} target="_blank" rel="noopener noreferrer" title={label} data-testid="support-messenger">
      <SendIcon size={24} />
      <span className={styles.messengerLabel}>{label}</span>
    </a>
  );
}

function SupportForm() {
  const { t } = useTranslation();
  const session = useSession();
  const ids = { nickname: useId(), contact: useId(), message: useId(), alert: useId() };
  const [values, setValues] = useState({ nickname: session?.nickname ?? '', contact: '', message: '' });
  const [invalid, setInvalid] = useState<SupportField[]>([]);
  const [failed, setFailed] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const send = useSendSupportMessage();
  const signedIn = session !== null;

  const change = (field: SupportField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.includes(field) && value.trim()) setInvalid((list) => list.filter((item) => item !== field));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing = supportFormErrors(values, signedIn);
    setInvalid(missing);
    if (missing[0]) {
      document.getElementById(ids[missing[0]])?.focus();
      return;
    }
    setFailed(null);
    send.mutate(supportPayload(values, session?.userId ?? null), {
      onSuccess: () => {
        setSent(true);
        setValues((current) => ({ ...current, message: '' }));
      },
      onError: (error) => setFailed(error),
    });
  };

  const fieldError = (field: SupportField) =>
    invalid.includes(field) ? (
      <p id={`${ids[field]}-error`} className="field__error">
        <AlertIcon size={16} />
        {t('support.required')}
      </p>
    ) : null;

  const describedBy = (field: SupportField, hint?: string) =>
    [invalid.includes(field) ? `${ids[field]}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <section className={`card ${styles.formCard}`} aria-labelledby="support-form-title">
      <h2 id="support-form-title" className={styles.sectionTitle}>
        {t('support.form_title')}
      </h2>
      <p className={styles.formText}>{t('support.form_text')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {failed !== null && (
          <p id={ids.alert} className={styles.alert} role="alert">
            <AlertIcon size={18} />
            <span>{toApiError(failed).status === 429 ? errorText(t, failed, 'support.send_failed') : t('support.send_failed')}</span>
          </p>
        )}
        <div className={styles.row}>
          <Field id={ids.nickname} label={t('support.nickname')}>
            <input
              id={ids.nickname}
              className="input"
              autoComplete="username"
              required
              maxLength={SUPPORT_LIMITS.nickname}
              value={values.nickname}
              aria-invalid={invalid.includes('nickname') || undefined}
              aria-describedby={describedBy('nickname')}
              onChange={(event) => change('nickname', event.target.value)}
            />
            {fieldError('nickname')}
          </Field>
          <Field id={ids.contact} label={signedIn ? t('support.contact_optional') : t('support.contact')}>
            <input
              id={ids.contact}
              className="input"
              autoComplete="email"
              required={!signedIn}
              maxLength={SUPPORT_LIMITS.contact}
              placeholder={t('support.contact_placeholder')}
              value={values.contact}
              aria-invalid={invalid.includes('contact') || undefined}
              aria-describedby={describedBy('contact', signedIn ? `${ids.contact}-hint` : undefined)}
              onChange={(event) => change('contact', event.target.value)}
            />
            {signedIn && (
              <p id={`${ids.contact}-hint`} className="field__hint">
                {t('support.contact_optional_hint')}
              </p>
            )}
            {fieldError('contact')}
          </Field>
        </div>
        <Field id={ids.message} label={t('support.message')}>
          <textarea
            id={ids.message}
            className={`input ${styles.textarea}`}
            required
            rows={6}
            maxLength={SUPPORT_LIMITS.message}
            placeholder={t('support.message_placeholder')}
            value={values.message}
            aria-invalid={invalid.includes('message') || undefined}
            aria-describedby={describedBy('message', `${ids.message}-hint`)}
            onChange={(event) => change('message', event.target.value)}
          />
          <p id={`${ids.message}-hint`} className="field__hint">
            {t('support.message_hint', { count: SUPPORT_LIMITS.message - values.message.length })}
          </p>
          {fieldError('message')}
        </Field>
        <button type="submit" className={`btn btn--primary btn--lg ${styles.submit}`} disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <span className="spinner" aria-hidden="true" /> : <SendIcon size={18} />}
          {send.isPending ? t('support.sending') : t('support.send')}
        </button>
      </form>

      <Dialog
        open={sent}
        onClose={() => setSent(false)}
        title={t('support.sent_title')}
        description={signedIn && !values.contact.trim() ? t('support.sent_text_signed_in') : t('support.sent_text')}
        tone="success"
        icon={<CheckIcon size={22} />}
      >
        <div className={styles.dialogActions}>
          <button type="button" className="btn btn--primary" onClick={() => setSent(false)} data-autofocus>
            {t('support.sent_ok')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
