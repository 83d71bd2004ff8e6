import { useTranslation } from 'react-i18next';
import { useOrders } from '../../features/orders/api/get-orders';
import { BuyerStatus } from '../../features/profile/components/buyer-status';
import { ProfileView } from '../../features/profile/components/profile-view';
import { ProtectedRoute } from '../protected-route';

/** The profile's 'regular buyer' card over the orders feature's list. */
function OrdersBuyerStatus() {
  // The profile needs no 10 s refresh; the orders list keeps its own.
  const orders = useOrders({ queryConfig: { refetchInterval: false } });
  return <BuyerStatus orders={orders} />;
}

export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('profile.title')} — ${t('app.name')}`}</title>
      <ProfileView buyerStatus={<OrdersBuyerStatus />} />
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <ProfileRoute />
    </ProtectedRoute>
  );
}
