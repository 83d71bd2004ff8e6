import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { isRetryableError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { QUERY_RETRIES, type QueryConfig, RETRY_DELAY_MS } from '../../../lib/react-query';
import { keepsChanging } from '../utils/order-status';
import { useOrderEvents } from './order-events';

/** The shopper's orders, product and region names in `lang`. */
export function getOrders({ search, lang, signal }: { search?: string; lang?: string; signal?: AbortSignal } = {}): Promise<Order[]> {
  return api.get<Order[]>('/orders', { params: { search: search || undefined, lang }, signal });
}

/** Orders list timings: refresh every 10 s, fresh 5 s, cached 60 s, 3 retries 1 s apart. */
export const ORDERS_REFRESH_MS = 10_000;

export const getOrdersQueryOptions = (token: string | null, search = '', lang?: string) =>
  queryOptions({
    queryKey: ['orders', token, { search, lang }],
    queryFn: ({ signal }) => getOrders({ search, lang, signal }),
    enabled: token !== null,
    refetchInterval: ORDERS_REFRESH_MS,
    staleTime: 5_000,
    gcTime: 60_000,
    retry: (failureCount: number, error: unknown) => failureCount < QUERY_RETRIES && isRetryableError(error),
    retryDelay: RETRY_DELAY_MS,
    // A new order placed elsewhere must show when the page opens, not 10 s later.
    refetchOnMount: true,
  });

/** The shopper's orders, live while one of them can still change (the poll above is the fallback). */
export function useOrders({ search, queryConfig }: { search?: string; queryConfig?: QueryConfig<typeof getOrdersQueryOptions> } = {}) {
  const session = useSession();
  const { i18n } = useTranslation();
  const orders = useQuery({ ...getOrdersQueryOptions(session?.token ?? null, search, i18n.resolvedLanguage), ...queryConfig });
  useOrderEvents(orders.data?.some(keepsChanging) ?? false);
  return orders;
}
