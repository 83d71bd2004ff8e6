import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { httpClient } from '../dataProvider';

export type ApiRequest = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<T>;

/**
 * A call outside the list protocol (refund, password, rate refresh, dashboard ...) through the shared
 * httpClient. A 401 or 403 goes through the auth provider, as data provider calls do, so an ended
 * session or a lost admin role leaves the back office the same way from anywhere.
 */
export function useApiRequest(): ApiRequest {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> => {
      try {
        const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
        return json as T;
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  ) as ApiRequest;
}
