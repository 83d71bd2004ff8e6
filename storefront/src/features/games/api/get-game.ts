import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Game } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /games/:slug: the game, its fields and its denominations, in the shopper's language. */
export function getGame({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<Game> {
  return api.get<Game>(`/games/${encodeURIComponent(slug)}`, { signal });
}

export const getGameQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['games', slug],
    queryFn: ({ signal }) => getGame({ slug, signal }),
  });

export function useGame({ slug, queryConfig }: { slug: string; queryConfig?: QueryConfig<typeof getGameQueryOptions> }) {
  return useQuery({ ...getGameQueryOptions(slug), ...queryConfig });
}
