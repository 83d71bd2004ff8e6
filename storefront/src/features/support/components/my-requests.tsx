import type { SupportMessageStatus } from '@topup/common';
import type { MySupportMessage } from '@topup/common/api';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { ClockIcon } from '../../../components/ui/icons/clock-icon';
import { CloseIcon } from '../../../components/ui/icons/close-icon';
import { useFormat } from '../../../lib/format';
import { useMySupportMessages } from '../api/get-my-support-messages';
import styles from './my-requests.module.css';

/** Open waits on the team, answered has a reply, closed is done. */
const STATUS_TONES: Record<SupportMessageStatus, 'warning' | 'success' | 'muted'> = { open: 'warning', answered: 'success', closed: 'muted' };

const STATUS_ICONS: Record<SupportMessageStatus, typeof ClockIcon> = { open: ClockIcon, answered: CheckIcon, closed: CloseIcon };

function Request({ request }: { request: MySupportMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const Icon = STATUS_ICONS[request.status];
  return (
    <li className={`card ${styles.request}`} data-testid="support-request">
      <div className={styles.head}>
        <time dateTime={request.createdAt} className={styles.time}>
          {format.date(request.createdAt)}
        </time>
        <span className={`pill pill--${STATUS_TONES[request.status]}`} data-testid="support-request-status" data-status={request.status}>
          <Icon size={14} />
          {t(`support.my_requests.status.${request.status}`)}
        </span>
      </div>
      <p className={styles.text}>{request.message}</p>
      {request.replies.map((reply) => (
        <div key={reply.id} className={styles.reply} data-testid="support-reply">
          <p className={styles.replyHead}>
            {t('support.my_requests.team')} · <time dateTime={reply.createdAt}>{format.date(reply.createdAt)}</time>
          </p>
          <p className={styles.text}>{reply.message}</p>
        </div>
      ))}
      {request.status === 'open' && request.replies.length === 0 && <p className={styles.waiting}>{t('support.my_requests.waiting')}</p>}
    </li>
  );
}

/** "My requests" on /support: the signed-in shopper's messages, newest first, with the team's replies. */
export function MyRequests() {
  const { t } = useTranslation();
  const requests = useMySupportMessages();
  return (
    <section className={styles.section} aria-labelledby="support-my-requests">
      <h2 id="support-my-requests" className={styles.title}>
        {t('support.my_requests.title')}
      </h2>
      {requests.isPending ? (
        <div className={styles.loading}>
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : requests.isError ? (
        <p className={styles.failed} role="alert">
          <AlertIcon size={18} />
          <span>{t('support.my_requests.load_failed')}</span>
          <button type="button" className="btn btn--ghost" onClick={() => void requests.refetch()}>
            {t('support.my_requests.retry')}
          </button>
        </p>
      ) : requests.data.length === 0 ? (
        <p className={styles.empty}>{t('support.my_requests.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {requests.data.map((request) => (
            <Request key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
