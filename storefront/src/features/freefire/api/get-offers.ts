import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FreefireOffer } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export function getFreefireOffers({ signal }: { signal?: AbortSignal } = {}): Promise<FreefireOffer[]> {
  return api.get<FreefireOffer[]>('/freefire/offers', { signal });
}

export const getFreefireOffersQueryOptions = () =>
  queryOptions({
    queryKey: ['freefire', 'offers'],
    queryFn: ({ signal }) => getFreefireOffers({ signal }),
  });

export function useFreefireOffers({ queryConfig }: { queryConfig?: QueryConfig<typeof getFreefireOffersQueryOptions> } = {}) {
  return useQuery({ ...getFreefireOffersQueryOptions(), ...queryConfig });
}
