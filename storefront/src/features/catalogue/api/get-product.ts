import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';
import type { ProductDetails } from '../../../types/api';

export function getProduct({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<ProductDetails> {
  return api.get<ProductDetails>(`/products/slug/${encodeURIComponent(slug)}`, { signal });
}

export const getProductQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', 'slug', slug],
    queryFn: ({ signal }) => getProduct({ slug, signal }),
  });

export function useProduct({ slug, queryConfig }: { slug: string; queryConfig?: QueryConfig<typeof getProductQueryOptions> }) {
  return useQuery({ ...getProductQueryOptions(slug), ...queryConfig });
}
