import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import type { QueryConfig } from '../../../lib/react-query';

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get<Profile>('/profile', { signal });
}

export const getProfileQueryOptions = (token: string | null) =>
  queryOptions({
    // The token is part of the key so another login never sees the previous user's profile.
    queryKey: ['profile', token],
    queryFn: ({ signal }) => getProfile({ signal }),
    enabled: token !== null,
  });

export function useProfile({ queryConfig }: { queryConfig?: QueryConfig<typeof getProfileQueryOptions> } = {}) {
  const session = useSession();
  return useQuery({ ...getProfileQueryOptions(session?.token ?? null), ...queryConfig });
}
