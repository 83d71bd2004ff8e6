import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { errorBodyMessage } from './lib/api-error';
import { getToken } from './lib/session';

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

/**
 * POST of a text/plain (or `contentType`) body (a file, or a large paste) with its parameters in the
 * query: any number of lines go up without the JSON body limit.
 */
export async function postText<T>(url: string, query: Record<string, string>, body: Blob, contentType = 'text/plain'): Promise<T> {
  const { json } = await httpClient(`${url}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Accept: 'application/json' },
    body,
  });
  return json as T;
}

/**
 * Where each react-admin resource lives (its contract: common/src/api/admin-*.ts). Resource names are the back office's
 * tab names; the API keeps its contracts' paths (common/src/api), in the ra-data-simple-rest protocol.
 */
export const RESOURCE_ENDPOINTS = {
  products: '/api/admin/products',
  orders: '/api/admin/orders',
  users: '/api/admin/users',
  codes: '/api/admin/codes',
  generatedCodes: '/api/admin/generated-codes',
  generationRequests: '/api/admin/generated-codes/requests',
  promotions: '/api/admin/promotions',
  regions: '/api/admin/regions',
  currencyRates: '/api/admin/currency-rates',
  stockThresholds: '/api/admin/stock-thresholds',
  pubgCodes: '/api/pubg-admin/codes',
  pubgDenominations: '/api/pubg-admin/denominations',
  freefireCodes: '/api/freefire-admin/denominations',
  games: '/api/admin/games',
  gameDenominations: '/api/admin/game-denominations',
  suppliers: '/api/admin/suppliers',
  supplierProducts: '/api/admin/supplier-products',
  supportMessages: '/api/admin/support-messages',
  'audit-log': '/api/admin/audit-log',
  mails: '/api/admin/mails',
  promoCodes: '/api/admin/promo-codes',
} as const;

/** Lists that belong to one user, read from the user's page (target `userId`): `/api/admin/users/:id/<path>`. */
export const USER_SCOPED_RESOURCES = {
  userLedger: 'ledger',
  userNotes: 'notes',
  userSupportMessages: 'support-messages',
} as const;

/**
 * ra-data-simple-rest asks for `${apiUrl}/${resource}…`; with an empty apiUrl each resource's
 * requests are sent to its own endpoint instead.
 */
function providerAt(resource: string, endpoint: string): DataProvider {
  return simpleRestProvider('', (url: string, options?: fetchUtils.Options) => httpClient(endpoint + url.slice(resource.length + 1), options));
}

const notOffered = (resource: string) => () => Promise.reject(new Error(`${resource} is only read from a user's page`));

/** A user's own list (getManyReference with target `userId`) and, for notes, adding one (create with `userId`). */
function userScopedProvider(resource: string, path: string): DataProvider {
  const url = (userId: unknown) => `${RESOURCE_ENDPOINTS.users}/${encodeURIComponent(String(userId))}/${path}`;
  return {
    getList: notOffered(resource),
    getOne: notOffered(resource),
    getMany: notOffered(resource),
    update: notOffered(resource),
    updateMany: notOffered(resource),
    delete: notOffered(resource),
    deleteMany: notOffered(resource),
    async getManyReference(_resource, { id, pagination, sort, filter }) {
      const { page, perPage } = pagination;
      const query = new URLSearchParams({
        sort: JSON.stringify([sort.field, sort.order]),
        range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
        filter: JSON.stringify(filter),
      });
      const { json, headers } = await httpClient(`${url(id)}?${query.toString()}`);
      return { data: json, total: Number((headers.get('content-range') ?? '').split('/').pop()) };
    },
    async create(_resource, { data }) {
      const { userId, ...body } = data as { userId: number };
      const { json } = await httpClient(url(userId), { method: 'POST', body: JSON.stringify(body) });
      return { data: json };
    },
  } as DataProvider;
}

const providers = new Map<string, DataProvider>([
  ...Object.entries(RESOURCE_ENDPOINTS).map(([resource, endpoint]) => [resource, providerAt(resource, endpoint)] as const),
  ...Object.entries(USER_SCOPED_RESOURCES).map(([resource, path]) => [resource, userScopedProvider(resource, path)] as const),
]);

/** Each resource talks to its own endpoint; everything else is ra-data-simple-rest. */
export const dataProvider = combineDataProviders((resource) => {
  const provider = providers.get(resource);
  if (!provider) throw new Error(`Unknown back-office resource: ${resource}`);
  return provider;
});
