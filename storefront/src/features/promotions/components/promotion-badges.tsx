import { promotionBadgeStyle } from '@topup/common';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SparkIcon } from '../../../components/ui/icons/spark-icon';
import { useActivePromotions } from '../api/get-active-promotions';
import styles from './promotion-badges.module.css';

/** Active promotions as small badges; shown only once loaded and non-empty, a failure is only logged. */
export function PromotionBadges({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const promotions = useActivePromotions();

  useEffect(() => {
    if (promotions.isError) console.warn('Failed to load promotions', promotions.error);
  }, [promotions.isError, promotions.error]);

  const list = promotions.isSuccess && Array.isArray(promotions.data) ? promotions.data : [];
  if (list.length === 0) return null;

  return (
    <ul className={`${styles.list} ${className}`} aria-label={t('home.promotions')}>
      {list.map((promotion) => (
        <li key={promotion.id} className={styles.badge} style={promotionBadgeStyle(promotion.background_color)}>
          <SparkIcon size={14} />
          <span>{promotion.text}</span>
        </li>
      ))}
    </ul>
  );
}
