import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balances } from '@topup/common/api';
import { api } from './api-client';
import { useSession } from './auth';
import type { QueryConfig } from './react-query';

/* The shopper's balances: checkout pays from them, the profile's top-up adds to them. */

export function getBalance({ signal }: { signal?: AbortSignal } = {}): Promise<Balances> {
  return api.get<Balances>('/balance', { signal });
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
