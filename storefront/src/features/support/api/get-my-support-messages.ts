import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySupportMessage } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';

export function getMySupportMessages({ signal }: { signal?: AbortSignal } = {}): Promise<MySupportMessage[]> {
  return api.get<MySupportMessage[]>('/support/messages', { signal });
}

/** Replies arrive while the page is open: asked again every 30 s. */
export const MY_SUPPORT_MESSAGES_REFRESH_MS = 30_000;

export const getMySupportMessagesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['support-messages', token],
    queryFn: ({ signal }) => getMySupportMessages({ signal }),
    enabled: token !== null,
    refetchInterval: MY_SUPPORT_MESSAGES_REFRESH_MS,
    // A reply written since the last visit must show when the page opens.
    refetchOnMount: true,
  });

/** The signed-in shopper's own requests with the support team's replies. */
export function useMySupportMessages() {
  const session = useSession();
  return useQuery(getMySupportMessagesQueryOptions(session?.token ?? null));
}
