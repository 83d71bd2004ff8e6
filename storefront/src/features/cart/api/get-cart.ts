import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import type { QueryConfig } from '../../../lib/react-query';
import type { CartResponse } from '../types';

export function getCart({ signal }: { signal?: AbortSignal } = {}): Promise<CartResponse> {
  return api.get<CartResponse>('/cart', { signal });
}

/** All cart queries start with this key, so one invalidation refreshes every view of the cart. */
export const CART_KEY = 'cart';

export const getCartQueryOptions = (token: string | null) =>
  queryOptions({
    // The token is part of the key: another login never sees the previous shopper's cart.
    queryKey: [CART_KEY, token],
    queryFn: ({ signal }) => getCart({ signal }),
    enabled: token !== null,
    // The cart changes in other tabs and after checkout: look again whenever a view of it appears.
    staleTime: 10_000,
    refetchOnMount: true,
  });

export function useCart({ queryConfig }: { queryConfig?: QueryConfig<typeof getCartQueryOptions> } = {}) {
  const session = useSession();
  return useQuery({ ...getCartQueryOptions(session?.token ?? null), ...queryConfig });
}
