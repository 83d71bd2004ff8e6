import { useTranslation } from 'react-i18next';
import type { CartLine, TopupData } from '@topup/common/api';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { type Currency, lineTotal} from '../../../lib/currency';
import { useSalePriceOf } from '../../../lib/payment-methods';
import { SalePrice } from '../../../components/ui/sale-price';
import { useFormatMoney } from '../../../lib/preferences';
import { useFormat } from '../../../lib/format';
import type { TopupLabels } from '../../../utils/topup-labels';
import { isSpecificationGame, topupAccount } from '../utils/checkout';
import styles from './checkout-view.module.css';

/** The cart lines, or the one virtual top-up item (quantity 1), priced in the checkout currency. */
export function OrderSummary({
  items,
  topup,
  topupLabels,
  topupTotal,
  topupSaleTotal,
  currency,
}: {
  items: CartLine[];
  topup: TopupData | null;
  /** How the game page named a game described as data (its title and fields), in the shopper's language. */
  topupLabels: TopupLabels | null;
  /** The top-up's list price in `currency` (null while it is being calculated). */
  topupTotal: number | null;
  /** The top-up's price after promotions, or the cart's total at them. */
  topupSaleTotal: number | null;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const salePriceOf = useSalePriceOf(currency);
  const formatMoney = useFormatMoney();
  const format = useFormat();

  if (topup) {
    const service = topup.service;
    const game = isSpecificationGame(service) ? t(`orders.services.${service}`) : (topupLabels?.game ?? service);
    const details = topupLabels
      ? topupLabels.details.map((detail) => `${detail.label}: ${detail.value}`)
      : [`${service === 'steam' ? t('orders.login') : t('orders.player_id')}: ${topupAccount(topup)}`];
    return (
      <ul className={styles.lines}>
        <li className={styles.lineItem}>
          <Thumbnail src={topup.image_url || (isSpecificationGame(service) ? `/images/${service}.svg` : null)} size={48} />
          <span className={styles.lineText}>
            <span className={styles.lineTitle}>{topup.offer_name || game}</span>
            <span className={styles.lineMeta}>{[game, ...details].join(' · ')}</span>
            {Number(topup.commission) > 0 && (
              <span className={styles.lineMeta}>{t('checkout.commission', { amount: formatMoney(topup.commission, 'USD') })}</span>
            )}
            <span className={styles.lineMeta}>{t('checkout.quantity_one')}</span>
          </span>
          <span className={styles.linePrice}>{topupTotal === null ? '' : <SalePrice price={topupSaleTotal ?? topupTotal} listPrice={topupTotal} currency={currency} />}</span>
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
          <span className={styles.linePrice}>
            <SalePrice price={lineTotal(salePriceOf(item).price, item.quantity)} listPrice={lineTotal(salePriceOf(item).listPrice, item.quantity)} currency={currency} />
          </span>
        </li>
      ))}
    </ul>
  );
}
