import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** A Free Fire offer (spec section 3); `price` is USD. */
export interface FreefireOffer {
  id: number;
  item_id: number;
  name: string;
  game_amount?: number;
  is_active: boolean;
  price: number | string | null;
  price_rub: number | string | null;
}

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
