import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** A PUBG UC package (spec section 3). */
export interface PubgPackage {
  id: number;
  uc_amount: number;
  price_usd: number | string;
  price_rub: number | string;
}

export function getPubgPackages({ signal }: { signal?: AbortSignal } = {}): Promise<PubgPackage[]> {
  return api.get<PubgPackage[]>('/pubg/packages', { signal });
}

export const getPubgPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['pubg', 'packages'],
    queryFn: ({ signal }) => getPubgPackages({ signal }),
  });

export function usePubgPackages({ queryConfig }: { queryConfig?: QueryConfig<typeof getPubgPackagesQueryOptions> } = {}) {
  return useQuery({ ...getPubgPackagesQueryOptions(), ...queryConfig });
}
