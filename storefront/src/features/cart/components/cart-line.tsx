import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartLine as CartItem, Product } from '@topup/common/api';
import { MinusIcon } from '../../../components/ui/icons/minus-icon';
import { PlusIcon } from '../../../components/ui/icons/plus-icon';
import { TrashIcon } from '../../../components/ui/icons/trash-icon';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { type Currency, lineTotal} from '../../../lib/currency';
import { useSalePriceOf } from '../../../lib/payment-methods';
import { SalePrice } from '../../../components/ui/sale-price';
import { useFormatMoney } from '../../../lib/preferences';
import { useFormat } from '../../../lib/format';
import { hasStockProblem, isAtMax } from '../utils/cart-rules';
import styles from './cart-line.module.css';

/** One cart line: picture, title, region and amount, unit price, quantity stepper, subtotal, remove. */
export function CartLine({
  item,
  product,
  currency,
  onDecrease,
  onIncrease,
  onRemove,
}: {
  item: CartItem;
  /** The catalogue entry, when loaded: gives the link to the product and the region's name. */
  product: Product | undefined;
  currency: Currency;
  onDecrease: () => void;
  onIncrease: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const salePriceOf = useSalePriceOf(currency);
  const formatMoney = useFormatMoney();
  const format = useFormat();
  const { price: unitPrice, listPrice } = salePriceOf(item);
  const region = item.region_id === null ? null : product?.regions.find((candidate) => candidate.id === item.region_id);
  const regionLabel = item.region_id === null ? t('cart.global') : (region?.name ?? null);
  const stockProblem = hasStockProblem(item);
  const quantityId = `cart-qty-${item.id}`;
  const title = product ? (
    <Link to={`/products/${product.slug}`} className={styles.titleLink}>
      {item.product_title}
    </Link>
  ) : (
    item.product_title
  );

  return (
    <li className={`card ${styles.line} ${stockProblem ? styles.problem : ''}`} data-testid="cart-line">
      <Thumbnail src={item.image_url} size={72} className={styles.image} />
      <div className={styles.info}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.meta}>
          <span className={styles.amount}>{format.amount(item.game_amount, item.game_currency)}</span>
          {regionLabel && <span>{regionLabel}</span>}
        </p>
        <p className={styles.unit}>{t('cart.unit_price', { price: formatMoney(unitPrice, currency, 'cart') })}</p>
        {stockProblem && (
          <p className={styles.stockNote}>
            {item.available_count > 0 ? t('cart.only_left', { count: item.available_count }) : t('cart.unavailable')}
          </p>
        )}
      </div>

      <div className={styles.controls}>
        <div className={styles.stepper} role="group" aria-label={t('cart.quantity_of', { title: item.product_title })}>
          <button
            type="button"
            className={styles.step}
            onClick={onDecrease}
            aria-label={item.quantity <= 1 ? t('cart.remove_item', { title: item.product_title }) : t('cart.decrease')}
            aria-controls={quantityId}
          >
            {item.quantity <= 1 ? <TrashIcon size={16} /> : <MinusIcon size={18} />}
          </button>
          <output id={quantityId} className={styles.quantity} aria-live="polite" aria-label={t('cart.quantity')}>
            {item.quantity}
          </output>
          <button
            type="button"
            className={styles.step}
            onClick={onIncrease}
            data-at-max={isAtMax(item) || undefined}
            aria-label={t('cart.increase')}
            aria-controls={quantityId}
          >
            <PlusIcon size={18} />
          </button>
        </div>
        <p className={styles.subtotal}>
          <span className="visually-hidden">{t('cart.subtotal')}: </span>
          <span data-testid="cart-line-subtotal">
            <SalePrice price={lineTotal(unitPrice, item.quantity)} listPrice={lineTotal(listPrice, item.quantity)} currency={currency} cart />
          </span>
        </p>
        <button
          type="button"
          className={`btn btn--ghost btn--icon ${styles.remove}`}
          onClick={onRemove}
          aria-label={t('cart.remove_item', { title: item.product_title })}
          title={t('cart.remove')}
        >
          <TrashIcon size={18} />
        </button>
      </div>
    </li>
  );
}
