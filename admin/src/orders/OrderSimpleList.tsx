import { SimpleList } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';
import { OrderStatusWithMarker } from './OrderStatusField';
import type { AdminOrder } from '@topup/common/api';

/** Orders on a small screen: the title given, status and date under it, then the total; a tap opens the order. */
export function OrderSimpleList({ primaryText }: { primaryText: (order: AdminOrder) => string }) {
  const formatDateTime = useFormatDateTime();
  return (
    <SimpleList<AdminOrder>
      primaryText={primaryText}
      secondaryText={(order) => (
        <>
          <OrderStatusWithMarker order={order} /> {formatDateTime(order.createdAt)}
        </>
      )}
      tertiaryText={(order) => formatMoney(order.total, order.currency)}
      rowClick="show"
    />
  );
}
