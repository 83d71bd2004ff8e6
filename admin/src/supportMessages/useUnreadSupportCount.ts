import { useGetList } from 'react-admin';

/** How often the unread count is asked again while the back office is open. */
const REFRESH_MS = 30_000;

/** Support messages no admin has opened yet (the list's total with the unread filter). */
export function useUnreadSupportCount(): number | undefined {
  const { total } = useGetList('supportMessages', { pagination: { page: 1, perPage: 1 }, filter: { unread: 'true' } }, { refetchInterval: REFRESH_MS });
  return total;
}
