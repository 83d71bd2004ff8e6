import { useTranslation } from 'react-i18next';
import { CartView } from '../../features/cart/components/cart-view';
import { useProducts } from '../../features/catalogue/api/get-products';
import { ProtectedRoute } from '../protected-route';
import styles from './routes.module.css';

export function CartRoute() {
  const { t } = useTranslation();
  // The catalogue names each line's product and region: composed here, as features do not import each other.
  const products = useProducts();
  return (
    <div className="container page">
      <title>{`${t('cart.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('cart.title')}</h1>
        <p className="page-subtitle">{t('cart.subtitle')}</p>
      </header>
      <CartView products={products.data} />
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <CartRoute />
    </ProtectedRoute>
  );
}
