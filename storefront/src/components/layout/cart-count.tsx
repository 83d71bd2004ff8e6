import { useTranslation } from 'react-i18next';
import { cartItemCount, useCart } from '../../lib/cart';
import styles from './cart-count.module.css';

/** Units in the shopper's cart beside the Cart link; '...' while the cart loads. */
export function CartCount() {
  const { t } = useTranslation();
  const cart = useCart();
  // A failed load shows nothing rather than a wrong number; the cart page says what went wrong.
  if (cart.isError) return null;
  const loading = cart.isPending;
  const count = cartItemCount(cart.data?.data);
  return (
    <span className={`${styles.count} ${loading ? styles.loading : ''}`} data-testid="cart-count" data-count={loading ? 'loading' : count}>
      <span aria-hidden="true">{loading ? '...' : count}</span>
      <span className="visually-hidden">{loading ? t('account.cart_count_loading') : t('account.cart_count', { count })}</span>
    </span>
  );
}
