import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './icons/alert-icon';
import styles from './state-views.module.css';

/** Centered message for empty, failed and not-found states, with optional actions. */
export function StateView({
  icon,
  title,
  text,
  actions,
  tone = 'neutral',
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  actions?: ReactNode;
  tone?: 'neutral' | 'danger';
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`${styles.state} ${tone === 'danger' ? styles.danger : ''}`}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {text && <p className={styles.text}>{text}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** A failed query: what went wrong and a retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <StateView
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={message}
        actions={
          onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )
        }
      />
    </div>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
