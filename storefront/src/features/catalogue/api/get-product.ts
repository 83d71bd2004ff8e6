import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export function getProduct({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<Product> {
  return api.get<Product>(`/products/slug/${encodeURIComponent(slug)}`, { signal });
}

export const getProductQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', 'slug', slug],
    queryFn: ({ signal }) => getProduct({ slug, signal }),
  });

export function useProduct({ slug, queryConfig }: { slug: string; queryConfig?: QueryConfig<typeof getProductQueryOptions> }) {
  return useQuery({ ...getProductQueryOptions(slug), ...queryConfig });
}
