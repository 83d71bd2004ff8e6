import { ErrorCode } from '@topup/common';
import { type ApiError, normalizeApiError } from './api-error';
import { clearSession, getToken } from './auth';
import i18n from './i18n';

/** The one configured client for the store's API (same origin, base path /api). */
export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key` on the money calls). */
  headers?: Record<string, string>;
}

/** Where an admin who must set up two-factor authentication does it (the back office shares the session). */
export const ADMIN_ENROLMENT_URL = '/admin/';

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to get to /login (keeping the current page as `from`). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  // The language the API writes catalogue texts in: the store's, not the browser's.
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'Accept-Language': i18n.language };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw normalizeApiError({ status: 0, transportMessage: cause instanceof Error ? cause.message : undefined });
  }

  const body = await readBody(response).catch(() => undefined);
  if (response.ok) return body as T;

  const error: ApiError = normalizeApiError({
    status: response.status,
    body,
    transportMessage: `Request failed with status ${response.status}`,
  });
  // A 401 on an authenticated call means the session is gone: drop it and go to /login.
  // (A 401 INVALID_CREDENTIALS is a wrong password, at the login or a password change: the form shows it.)
  if (response.status === 401 && token && error.code !== ErrorCode.INVALID_CREDENTIALS) {
    clearSession();
    onUnauthorized();
  }
  // An admin who must set up two-factor authentication may do nothing else: to the back office, which
  // shares the session and opens on the enrolment.
  if (response.status === 403 && error.code === ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED) window.location.assign(ADMIN_ENROLMENT_URL);
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
