import type { TopupService } from '@topup/common';
import { useTranslation } from 'react-i18next';
import type { CartLine, TopupData } from '@topup/common/api';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { type Currency, lineTotal, pickPrice } from '../../../lib/currency';
import { useFormatMoney } from '../../../lib/preferences';
import { useFormat } from '../../../lib/format';
import { topupAccount } from '../utils/checkout';
import styles from './checkout-view.module.css';

/** The cart lines, or the one virtual top-up item (quantity 1), priced in the checkout currency. */
export function OrderSummary({
  items,
  topup,
  topupTotal,
  currency,
}: {
  items: CartLine[];
  topup: TopupData | null;
  /** The top-up's charge in `currency` (null while it is being calculated). */
  topupTotal: number | null;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const format = useFormat();

  if (topup) {
    const account = topupAccount(topup);
    return (
      <ul className={styles.lines}>
        <li className={styles.lineItem}>
          <Thumbnail src={topup.image_url ?? `/images/${topup.service}.svg`} size={48} />
          <span className={styles.lineText}>
            <span className={styles.lineTitle}>{topup.offer_name || t(`orders.services.${topup.service as TopupService}`)}</span>
            <span className={styles.lineMeta}>
              {`${t(`orders.services.${topup.service as TopupService}`)} · ${topup.service === 'steam' ? t('orders.login') : t('orders.player_id')}: ${account}`}
            </span>
            {Number(topup.commission) > 0 && (
              <span className={styles.lineMeta}>{t('checkout.commission', { amount: formatMoney(topup.commission, 'USD') })}</span>
            )}
            <span className={styles.lineMeta}>{t('checkout.quantity_one')}</span>
          </span>
          <span className={styles.linePrice}>{topupTotal === null ? '' : formatMoney(topupTotal, currency)}</span>
        </li>
      </ul>
    );
  }

  return (
    <ul className={styles.lines}>
      {items.map((item) => (
        <li key={item.id} className={styles.lineItem}>
          <Thumbnail src={item.image_url} size={48} />
          <span className={styles.lineText}>
            <span className={styles.lineTitle}>{item.product_title}</span>
            <span className={styles.lineMeta}>
              {`${format.amount(item.game_amount, item.game_currency)} × ${item.quantity}`}
            </span>
          </span>
          <span className={styles.linePrice}>{formatMoney(lineTotal(pickPrice(item, currency), item.quantity), currency)}</span>
        </li>
      ))}
    </ul>
  );
}
