import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** The catalogue product Free Fire codes are sold as: its published generated codes are its global price options. */
export const FREEFIRE_PRODUCT_SLUG = 'freefire';

/** The Free Fire product with the codes on sale now (`prices`: one option per amount and price, with its stock). */
export function getFreefireCodes({ signal }: { signal?: AbortSignal } = {}): Promise<Product> {
  return api.get<Product>(`/products/slug/${FREEFIRE_PRODUCT_SLUG}`, { signal });
}

export const getFreefireCodesQueryOptions = () =>
  queryOptions({
    queryKey: ['freefire', 'codes'],
    queryFn: ({ signal }) => getFreefireCodes({ signal }),
    // Stock moves quickly: treat it as fresh for a short while only.
    staleTime: 15_000,
  });

export function useFreefireCodes({ queryConfig }: { queryConfig?: QueryConfig<typeof getFreefireCodesQueryOptions> } = {}) {
  return useQuery({ ...getFreefireCodesQueryOptions(), ...queryConfig });
}
