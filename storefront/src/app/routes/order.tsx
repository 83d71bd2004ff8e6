import { useParams } from 'react-router-dom';
import { BackToOrders, OrderDetailView } from '../../features/orders/components/order-detail';
import { ProtectedRoute } from '../protected-route';

export function OrderRoute() {
  const { id = '' } = useParams();
  const orderId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  return (
    <div className="container page">
      <div data-print="hide">
        <BackToOrders />
      </div>
      <OrderDetailView key={orderId} id={orderId} />
    </div>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <OrderRoute />
    </ProtectedRoute>
  );
}
