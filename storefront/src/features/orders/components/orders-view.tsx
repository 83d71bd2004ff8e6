import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Order } from '@topup/common/api';
import { OrdersIcon } from '../../../components/ui/icons/orders-icon';
import { SearchIcon } from '../../../components/ui/icons/search-icon';
import { SearchBox } from '../../../components/ui/search-box';
import { ErrorState, StateView } from '../../../components/ui/state-views';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { parseCurrency } from '../../../lib/currency';
import { useFormat } from '../../../lib/format';
import { errorText } from '../../../lib/error-message';
import { useOrders } from '../api/get-orders';
import { noticesText } from '../utils/notices';
import { itemSummary, normalizeOrderSearch, orderGameTitle, ORDERS_PER_PAGE, visibleOrders } from '../utils/order-status';
import { paymentLineKey } from '../utils/payment-info';
import { StatusBadge } from './status-badge';
import styles from './orders.module.css';

/** The /orders page: newest first, search by order number, 6 at a time with "show more". */
export function OrdersView() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(normalizeOrderSearch(input), 300);
  const [pages, setPages] = useState(1);
  const orders = useOrders({ search });

  const changeSearch = (value: string) => {
    setInput(value);
    setPages(1);
  };

  const list = Array.isArray(orders.data) ? orders.data : [];
  const { shown, hasMore } = visibleOrders(list, pages);

  return (
    <div className={styles.listPage}>
      <SearchBox
        value={input}
        onChange={changeSearch}
        label={t('orders.search_label')}
        placeholder={t('orders.search_placeholder')}
        clearLabel={t('orders.clear_search')}
        inputMode="numeric"
        maxLength={24}
      />

      {orders.isPending ? (
        <ul className={styles.grid} aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={`skeleton ${styles.cardSkeleton}`} />
          ))}
        </ul>
      ) : orders.isError && list.length === 0 ? (
        <ErrorState message={errorText(t, orders.error, 'orders.load_failed')} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        search ? (
          <StateView icon={<SearchIcon size={28} />} title={t('orders.no_results', { query: search })} text={t('orders.no_results_hint')} />
        ) : (
          <div className="card">
            <StateView
              icon={<OrdersIcon size={28} />}
              title={t('orders.empty_title')}
              text={t('orders.empty_text')}
              actions={
                <Link to="/products" className="btn btn--primary">
                  {t('cart.browse')}
                </Link>
              }
            />
          </div>
        )
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {t('orders.showing', { shown: shown.length, total: list.length })}
          </p>
          <ul className={styles.grid}>
            {shown.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <button type="button" className={`btn ${styles.more}`} onClick={() => setPages((value) => value + 1)}>
              {t('orders.show_more', { count: Math.min(ORDERS_PER_PAGE, list.length - shown.length) })}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const date = format.date(order.created_at);
  return (
    <Link to={`/orders/${order.id}`} className={`card ${styles.card}`} data-testid="order-card" data-order-id={order.id}>
      <span className={styles.cardHead}>
        <span className={styles.cardTitle}>{t('orders.order_number', { id: order.id })}</span>
        <StatusBadge status={order.status} />
      </span>
      {date && <time dateTime={order.created_at} className={styles.date}>{date}</time>}
      <span className={styles.summaryText}>{itemSummary(order.items, format.amount)}</span>
      {order.notices.length > 0 && (
        <span className={styles.reason} data-testid="order-card-notice">
          {noticesText(order.notices, t, format, orderGameTitle(order))}
        </span>
      )}
      {order.status === 'cancelled' && order.returned_to_cart && <span className={styles.reason}>{t('orders.returned_to_cart_short')}</span>}
      {order.status === 'processing' && order.delayed && <span className={styles.reason}>{t('orders.delivery_delayed_short')}</span>}
      <span className={styles.cardFoot}>
        <span className={styles.itemsCount}>
          {t('orders.items_count', { count: order.items.length })} · <span data-testid="order-card-payment">{t(paymentLineKey(order))}</span>
        </span>
        <span className={styles.cardTotal}>{format.money(order.total, parseCurrency(order.currency))}</span>
      </span>
    </Link>
  );
}
