import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Order } from '@topup/common/api';
import { StarIcon } from '../../../components/ui/icons/star-icon';
import { regularBuyerProgress } from '../utils/regular-buyer';
import styles from './profile-extras.module.css';

/** The shopper's orders as the status needs them: the loading state and each order's status. */
export interface BuyerOrders {
  isPending: boolean;
  isError: boolean;
  data?: readonly Pick<Order, 'status'>[];
}

/** The 'regular buyer' status and how far the shopper is from it, counted from their completed orders. */
export function BuyerStatus({ orders }: { orders: BuyerOrders }) {
  const { t } = useTranslation();
  const progress = regularBuyerProgress(Array.isArray(orders.data) ? orders.data : []);

  return (
    <section className={`card ${styles.status}`} aria-labelledby="buyer-status">
      <div className={styles.statusHead}>
        <span className={`${styles.statusIcon} ${progress.reached ? styles.statusReached : ''}`} aria-hidden="true">
          <StarIcon size={22} />
        </span>
        <div>
          <h2 id="buyer-status" className={styles.statusTitle}>
            {progress.reached ? t('account.status_regular') : t('account.status_on_the_way')}
          </h2>
          <p className={styles.statusRule}>{t('account.status_rule', { count: progress.target })}</p>
        </div>
      </div>

      {orders.isPending ? (
        <div className={`skeleton ${styles.barSkeleton}`} aria-label={t('common.loading')} />
      ) : orders.isError ? (
        <p className={styles.statusText}>{t('account.status_unavailable')}</p>
      ) : (
        <>
          <div
            className={styles.bar}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={progress.target}
            aria-valuenow={Math.min(progress.completed, progress.target)}
            aria-valuetext={t('account.status_progress', { completed: progress.completed, target: progress.target })}
            aria-labelledby="buyer-status"
          >
            <span className={styles.barFill} style={{ width: `${progress.percent}%` }} />
          </div>
          <p className={styles.statusText}>
            {progress.reached
              ? t('account.status_reached', { count: progress.completed })
              : t('account.status_remaining', { count: progress.remaining, completed: progress.completed, target: progress.target })}
          </p>
        </>
      )}
      <Link to="/orders" className={styles.statusLink}>
        {t('account.status_orders_link')}
      </Link>
    </section>
  );
}
