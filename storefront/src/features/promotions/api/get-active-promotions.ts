import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export function getActivePromotions({ signal }: { signal?: AbortSignal } = {}): Promise<Promotion[]> {
  return api.get<Promotion[]>('/promotions/active', { signal });
}

export const getActivePromotionsQueryOptions = () =>
  queryOptions({
    queryKey: ['promotions', 'active'],
    queryFn: ({ signal }) => getActivePromotions({ signal }),
  });

export function useActivePromotions({
  queryConfig,
}: { queryConfig?: QueryConfig<typeof getActivePromotionsQueryOptions> } = {}) {
  return useQuery({ ...getActivePromotionsQueryOptions(), ...queryConfig });
}
