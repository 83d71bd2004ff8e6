import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import { errorBodyMessage } from './lib/api-error';
import { clearSession, getToken, saveSession } from './lib/session';

export interface Profile {
  id: number | string;
  nickname: string;
  role: 'user' | 'admin';
  balanceUsd: number;
  balanceRub: number;
  createdAt?: string;
}

/** The storefront's home, outside the back office's router. */
export const STOREFRONT_URL = '/';

let cached: { token: string; profile: Promise<Profile> } | null = null;

async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new HttpError('app.auth.network_error', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw new HttpError(errorBodyMessage(body, response.statusText || 'ra.notification.http_error'), response.status, body);
  return body as T;
}

/** GET /api/profile for the stored token, fetched once per token. */
export function fetchProfile(): Promise<Profile> {
  const token = getToken();
  if (!token) return Promise.reject(new HttpError('ra.auth.auth_check_error', 401));
  if (cached?.token !== token) {
    const profile = requestJson<Profile>('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
    cached = { token, profile };
    profile.catch(() => {
      if (cached?.profile === profile) cached = null;
    });
  }
  return cached.profile;
}

/** Leaves the back office for the storefront; never settles, so nothing renders meanwhile. */
function leaveToStorefront(): Promise<never> {
  window.location.assign(STOREFRONT_URL);
  return new Promise<never>(() => undefined);
}

const onLoginPage = () => /\/login\/?$/.test(window.location.pathname);

export const authProvider: AuthProvider = {
  /** POST /api/login, then GET /api/profile: only admins stay. */
  async login({ username, password }: { username: string; password: string }) {
    let session: { token: string; nickname: string; userId: number | string };
    try {
      session = await requestJson('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname: String(username ?? '').trim(), password }),
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) throw new Error('ra.auth.sign_in_error');
      if (error instanceof HttpError && error.status === 429) throw new Error('app.auth.rate_limited');
      throw error;
    }
    saveSession(session);
    cached = null;
    const profile = await fetchProfile();
    // A shopper signed in here is signed in on the storefront too: send them there.
    if (profile.role !== 'admin') return leaveToStorefront();
  },

  async logout() {
    cached = null;
    clearSession();
  },

  async checkAuth() {
    if (!getToken()) {
      // The back office's own login page stays reachable; anywhere else a visitor goes to the store.
      if (onLoginPage()) throw { message: false };
      return leaveToStorefront();
    }
    let profile: Profile;
    try {
      profile = await fetchProfile();
    } catch {
      // A failed profile lookup ends the session (spec section 4).
      cached = null;
      clearSession();
      return leaveToStorefront();
    }
    if (profile.role !== 'admin') return leaveToStorefront();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      // The session ended (expired, or the password changed): to the back office's sign-in page,
      // which brings the admin back to this page afterwards. `message: false` skips react-admin's
      // notice and its checkAuth, which would send a visitor without a token to the storefront.
      cached = null;
      clearSession();
      throw { message: false };
    }
    if (error?.status === 403) {
      cached = null;
      await leaveToStorefront();
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const profile = await fetchProfile();
    return { id: profile.id, fullName: profile.nickname };
  },

  async getPermissions() {
    const profile = await fetchProfile().catch(() => null);
    return profile?.role ?? null;
  },
};
