import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export function getProducts({ search, signal }: { search?: string; signal?: AbortSignal } = {}): Promise<Product[]> {
  return api.get<Product[]>('/products', { params: { search: search?.trim() || undefined }, signal });
}

export const getProductsQueryOptions = ({ search = '' }: { search?: string } = {}) =>
  queryOptions({
    queryKey: ['products', { search: search.trim() }],
    queryFn: ({ signal }) => getProducts({ search, signal }),
    // Keep showing the previous results while a new search is on its way.
    placeholderData: keepPreviousData,
  });

export function useProducts({
  search,
  queryConfig,
}: { search?: string; queryConfig?: QueryConfig<typeof getProductsQueryOptions> } = {}) {
  return useQuery({ ...getProductsQueryOptions({ search }), ...queryConfig });
}
