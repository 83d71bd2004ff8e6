import { useTranslation } from 'react-i18next';
import { salePercent, toMinor } from '@topup/common';
import type { Currency } from '../../lib/currency';
import { useFormatMoney } from '../../lib/preferences';
import styles from './sale-price.module.css';

/**
 * A price in `currency`, and while a promotion discounts it, the list price struck through beside it
 * and a small "−10%" mark (docs/architecture.md, "Promotions that discount").
 */
export function SalePrice({ price, listPrice, currency, cart = false }: { price: number; listPrice: number; currency: Currency; cart?: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const write = (amount: number) => formatMoney(amount, currency, cart ? 'cart' : undefined);
  const percent = Number.isFinite(price) && Number.isFinite(listPrice) ? salePercent(toMinor(listPrice), toMinor(price)) : 0;
  if (percent <= 0 && !(price < listPrice)) return <>{write(price)}</>;
  return (
    <span className={styles.sale}>
      <span className="visually-hidden">{t('common.old_price')} </span>
      <s className={styles.old}>{write(listPrice)}</s>{' '}
      <span className="visually-hidden">{t('common.sale_price')} </span>
      <span className={styles.price} data-testid="sale-price">
        {write(price)}
      </span>
      {percent > 0 && (
        <>
          {' '}
          <span className={styles.mark} aria-hidden="true">
            −{percent}%
          </span>
          <span className="visually-hidden">({t('common.sale_mark', { percent })})</span>
        </>
      )}
    </span>
  );
}
