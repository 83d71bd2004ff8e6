import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PubgPackage } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

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
