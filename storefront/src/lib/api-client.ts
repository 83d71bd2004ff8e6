import { type ApiError, normalizeApiError } from './api-error';
import { clearSession, getToken } from './auth';

/** The one configured client for the store's API (same origin, base path /api). */
export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

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
  const headers: Record<string, string> = { Accept: 'application/json' };
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
  // (A 401 on the login call itself is a wrong password and is handled by the form.)
  if (response.status === 401 && token) {
    clearSession();
    onUnauthorized();
  }
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
