import { useTranslation } from 'react-i18next';
import { CheckoutView } from '../../features/checkout/components/checkout-view';
import { ProtectedRoute } from '../protected-route';
import styles from './routes.module.css';

export function CheckoutRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('checkout.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('checkout.title')}</h1>
        <p className="page-subtitle">{t('checkout.subtitle')}</p>
      </header>
      <CheckoutView />
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <CheckoutRoute />
    </ProtectedRoute>
  );
}
