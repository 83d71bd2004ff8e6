import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceOption } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** Price options of a product's codes in one region; regionId 0 means global codes. */
export function getPriceOptions({
  productId,
  regionId,
  signal,
}: {
  productId: number;
  regionId: number;
  signal?: AbortSignal;
}): Promise<PriceOption[]> {
  return api.get<PriceOption[]>(`/products/${productId}/codes/${regionId}`, { signal });
}

export const getPriceOptionsQueryOptions = (productId: number, regionId: number) =>
  queryOptions({
    queryKey: ['products', productId, 'codes', regionId],
    queryFn: ({ signal }) => getPriceOptions({ productId, regionId, signal }),
    // Stock moves quickly: treat it as fresh for a short while only.
    staleTime: 15_000,
  });

export function usePriceOptions({
  productId,
  regionId,
  queryConfig,
}: {
  productId: number;
  regionId: number;
  queryConfig?: QueryConfig<typeof getPriceOptionsQueryOptions>;
}) {
  return useQuery({ ...getPriceOptionsQueryOptions(productId, regionId), ...queryConfig });
}
