import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { errorBodyMessage } from './lib/api-error';
import { getToken } from './lib/session';

/** Admin resources live under /api/admin (ra-data-simple-rest protocol, Content-Range totals). */
export const ADMIN_API_URL = '/api/admin';

/** fetchJson with the shared Bearer token; API error bodies become readable HttpError messages. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(errorBodyMessage(error.body, error.message), error.status, error.body);
    }
    throw error;
  }
}

export const dataProvider: DataProvider = simpleRestProvider(ADMIN_API_URL, httpClient);
