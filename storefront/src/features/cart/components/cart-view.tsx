import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartLine as CartItem, Product } from '@topup/common/api';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon';
import { CartIcon } from '../../../components/ui/icons/cart-icon';
import { TrashIcon } from '../../../components/ui/icons/trash-icon';
import { ErrorState, StateView } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { type Currency } from '../../../lib/currency';
import { errorText } from '../../../lib/error-message';
import { useCurrency } from '../../../lib/preferences';
import { cartItemCount, cartSaleTotals, cartTotals, useCart } from '../../../lib/cart';
import { SalePrice } from '../../../components/ui/sale-price';
import { useClearCart } from '../api/clear-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartQuantity } from '../api/update-cart-quantity';
import { hasStockProblem, quantityChange } from '../utils/cart-rules';
import { CartLine } from './cart-line';
import styles from './cart-view.module.css';

/**
 * The /cart page: lines with quantity controls, the totals, checkout. `products`
 * is the catalogue, when loaded: each line's link to its product and its region's name.
 */
export function CartView({ products }: { products: Product[] | undefined }) {
  const { t } = useTranslation();
  const cart = useCart();

  if (cart.isPending) return <CartSkeleton />;
  if (cart.isError) {
    return <ErrorState message={errorText(t, cart.error, 'cart.load_failed')} onRetry={() => void cart.refetch()} />;
  }
  if (cart.data.data.length === 0) return <EmptyCart />;
  return <CartContents items={cart.data.data} products={products} />;
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <StateView
        icon={<CartIcon size={28} />}
        title={t('cart.empty_title')}
        text={t('cart.empty_text')}
        actions={
          <Link to="/products" className="btn btn--primary">
            {t('cart.browse')}
          </Link>
        }
      />
    </div>
  );
}

function CartContents({ items, products }: { items: CartItem[]; products: Product[] | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [currency] = useCurrency();
  const [confirmClear, setConfirmClear] = useState(false);
  const productsById = useMemo(
    () => new Map<number, Product>((Array.isArray(products) ? products : []).map((product) => [product.id, product])),
    [products],
  );

  const updateQuantity = useUpdateCartQuantity();
  const removeItem = useRemoveCartItem();
  const clearCart = useClearCart();

  const totals = cartTotals(items);
  const saleTotals = cartSaleTotals(items);
  const count = cartItemCount(items);
  const blocked = items.some(hasStockProblem);
  const other: Currency = currency === 'USD' ? 'RUB' : 'USD';
  const totalIn = (code: Currency) => (code === 'USD' ? totals.usd : totals.rub);
  const saleTotalIn = (code: Currency) => (code === 'USD' ? saleTotals.usd : saleTotals.rub);

  const change = (item: CartItem, delta: number) => {
    const next = quantityChange(item, delta);
    if (next.kind === 'max') {
      toast.warning(t('cart.max_quantity'));
      return;
    }
    if (next.kind === 'remove') {
      removeItem.mutate({ id: item.id, title: item.product_title });
      return;
    }
    updateQuantity.mutate(
      { id: item.id, quantity: next.quantity, title: item.product_title },
      {
        onSuccess: (cart) => {
          if (cart.capped) toast.warning(t('cart.max_quantity'));
        },
      },
    );
  };

  const clear = () => {
    setConfirmClear(false);
    clearCart.mutate();
  };

  return (
    <div className={styles.layout}>
      <section aria-labelledby="cart-items" className={styles.items}>
        <div className={styles.itemsHead}>
          <h2 id="cart-items" className={styles.itemsTitle}>
            {t('cart.items_count', { count })}
          </h2>
          <button type="button" className={`btn btn--ghost btn--sm ${styles.clear}`} onClick={() => setConfirmClear(true)}>
            <TrashIcon size={16} />
            {t('cart.clear')}
          </button>
        </div>
        <ul className={styles.list}>
          {items.map((item) => (
            <CartLine
              key={item.id}
              item={item}
              product={productsById.get(item.product_id)}
              currency={currency}
              onDecrease={() => change(item, -1)}
              onIncrease={() => change(item, 1)}
              onRemove={() => removeItem.mutate({ id: item.id, title: item.product_title })}
            />
          ))}
        </ul>
      </section>

      <aside className={`card ${styles.summary}`} aria-labelledby="cart-summary">
        <h2 id="cart-summary" className={styles.summaryTitle}>
          {t('cart.summary')}
        </h2>
        <dl className={styles.rows}>
          <div>
            <dt>{t('cart.items_label')}</dt>
            <dd>{count}</dd>
          </div>
          <div>
            <dt>{t('cart.subtotal_in', { currency: t(`currencies.${other}`) })}</dt>
            <dd>
              <SalePrice price={saleTotalIn(other)} listPrice={totalIn(other)} currency={other} cart />
            </dd>
          </div>
          <div className={styles.totalRow}>
            <dt>{t('cart.total')}</dt>
            <dd data-testid="cart-total">
              <SalePrice price={saleTotalIn(currency)} listPrice={totalIn(currency)} currency={currency} cart />
            </dd>
          </div>
        </dl>
        {blocked && (
          <p className={styles.blocked} role="status">
            {t('cart.fix_stock')}
          </p>
        )}
        {blocked ? (
          <button type="button" className="btn btn--primary btn--lg btn--block" disabled>
            {t('cart.checkout')}
            <ArrowRightIcon size={18} />
          </button>
        ) : (
          <Link to="/checkout" className="btn btn--primary btn--lg btn--block">
            {t('cart.checkout')}
            <ArrowRightIcon size={18} />
          </Link>
        )}
        <Link to="/products" className="btn btn--block">
          {t('cart.continue')}
        </Link>
      </aside>

      <ConfirmDialog
        open={confirmClear}
        title={t('cart.clear_title')}
        description={t('cart.clear_text', { count })}
        confirmLabel={t('cart.clear_confirm')}
        cancelLabel={t('cart.cancel')}
        icon={<TrashIcon size={22} />}
        onConfirm={clear}
        onCancel={() => setConfirmClear(false)}
      />
    </div>
  );
}

function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout} aria-busy="true" aria-label={t('common.loading')}>
      <div className={styles.items}>
        <div className={`skeleton ${styles.skeletonHead}`} />
        {[0, 1].map((index) => (
          <div key={index} className={`skeleton ${styles.skeletonLine}`} />
        ))}
      </div>
      <div className={`skeleton ${styles.skeletonSummary}`} />
    </div>
  );
}
