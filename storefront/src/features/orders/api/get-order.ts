import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { CART_KEY } from '../../../lib/cart';
import { keepsChanging } from '../utils/order-status';
import { useOrderEvents } from './order-events';

/** The order with its product and region names in `lang`. */
export function getOrder(id: number, { lang, signal }: { lang?: string; signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${id}`, { params: { lang }, signal });
}

/** While an order is being paid for, delivered or refunded, its page looks again this often. */
export const ORDER_POLL_MS = 3_000;

export const getOrderQueryOptions = (token: string | null, id: number, lang?: string) =>
  queryOptions({
    queryKey: ['order', token, id, { lang }],
    queryFn: ({ signal }) => getOrder(id, { lang, signal }),
    enabled: token !== null && Number.isSafeInteger(id) && id > 0,
    // The card gateway's return lands here while the payment is still being confirmed; a refund to the card takes a while too.
    refetchInterval: (query) => (query.state.data && keepsChanging(query.state.data) ? ORDER_POLL_MS : false),
    staleTime: 5_000,
    refetchOnMount: true,
  });

/**
 * One order, live while it can still change (the poll above is the fallback). A cancelled order that
 * put its items back in the cart makes every view of the cart look again: the header and the cart page
 * read it before the cancellation, and "Go to cart" must show the items.
 */
export function useOrder(id: number) {
  const session = useSession();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const order = useQuery(getOrderQueryOptions(session?.token ?? null, id, i18n.resolvedLanguage));
  useOrderEvents(order.data !== undefined && keepsChanging(order.data));
  const returnedToCart = order.data?.returned_to_cart === true;
  useEffect(() => {
    if (returnedToCart) void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
  }, [queryClient, returnedToCart]);
  return order;
}
