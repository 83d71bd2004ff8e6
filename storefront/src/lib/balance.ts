import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceCurrency } from '@topup/common';
import { api } from './api-client';
import { useSession } from './auth';
import type { QueryConfig } from './react-query';

/* The shopper's balances: checkout pays from them, the profile's top-up adds to them. */

export interface BalanceEntry {
  currency: BalanceCurrency;
  /** Decimal amount. */
  amount: number;
}

export function getBalance({ signal }: { signal?: AbortSignal } = {}): Promise<BalanceEntry[]> {
  return api.get<BalanceEntry[]>('/balance', { signal });
}

export const getBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['balance', token],
    queryFn: ({ signal }) => getBalance({ signal }),
    enabled: token !== null,
    // Money: always look again when a screen showing it opens.
    staleTime: 0,
    refetchOnMount: true,
  });

export function useBalance({ queryConfig }: { queryConfig?: QueryConfig<typeof getBalanceQueryOptions> } = {}) {
  const session = useSession();
  return useQuery({ ...getBalanceQueryOptions(session?.token ?? null), ...queryConfig });
}
