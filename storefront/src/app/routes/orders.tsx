import { useTranslation } from 'react-i18next';
import { OrdersView } from '../../features/orders/components/orders-view';
import { ProtectedRoute } from '../protected-route';
import styles from './routes.module.css';

export function OrdersRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('orders.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('orders.title')}</h1>
        <p className="page-subtitle">{t('orders.subtitle')}</p>
      </header>
      <OrdersView />
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <OrdersRoute />
    </ProtectedRoute>
  );
}
