import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import type { AuthSession, Profile, SignInAnswer } from '@topup/common/api';
import { errorBodyCode, errorBodyMessage } from './lib/api-error';
import { clearSession, getToken, isEnrolmentToken, saveSession, sessionNickname } from './lib/session';

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

/** The back office's home: with a session limited to enrolment, the layout shows the enrolment there. */
const ADMIN_HOME = '/admin/';

/** The password was right and the account uses two-factor: the login page asks for the code. */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('two_factor.login.code_text');
    this.name = 'TwoFactorRequired';
  }
}

/** The password step, or the code step of a sign-in with two-factor authentication. */
export type LoginParams = { username: string; password: string; remember?: boolean } | { challenge: string; code: string };

const postJson = <T>(url: string, body: unknown) =>
  requestJson<T>(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** One sign-in step; a wrong password and too many attempts become the login page's messages. */
async function signInStep(params: LoginParams): Promise<SignInAnswer> {
  try {
    if ('challenge' in params) return await postJson<AuthSession>('/api/login/2fa', { challenge: params.challenge, code: params.code.trim() });
    return await postJson<SignInAnswer>('/api/login', {
      nickname: String(params.username ?? '').trim(),
      password: params.password,
      remember: params.remember === true,
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && errorBodyCode(error.body) === 'INVALID_CREDENTIALS') {
      throw new Error('ra.auth.sign_in_error');
    }
    if (error instanceof HttpError && error.status === 429) throw new Error('app.auth.rate_limited');
    // A wrong or expired code is left as the API's answer: the code step reads its code and details.
    throw error;
  }
}

/** Ends the token on the server too (best effort: the session is dropped here whatever the answer). */
async function revoke(token: string): Promise<void> {
  await fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
}

export const authProvider: AuthProvider = {
  /**
   * POST /api/login (then /api/login/2fa with the code, when the account uses two-factor), then
   * GET /api/profile: only admins stay. A session limited to enrolment goes straight to enrolment.
   */
  async login(params: LoginParams) {
    const answer = await signInStep(params);
    if ('twoFactorRequired' in answer) throw new TwoFactorRequired(answer.challenge);
    saveSession(answer);
    cached = null;
    if (answer.twoFactorEnrolmentRequired) return;
    const profile = await fetchProfile();
    // A shopper signed in here is signed in on the storefront too: send them there.
    if (profile.role !== 'admin') return leaveToStorefront();
  },

  async logout() {
    const token = getToken();
    cached = null;
    clearSession();
    if (token) await revoke(token);
  },

  async checkAuth() {
    // Without a session, react-admin opens the back office's own login page (silently: `message: false`).
    if (!getToken()) throw { message: false };
    // The layout shows the enrolment and nothing else; the API refuses this token everything else.
    if (isEnrolmentToken(getToken())) return;
    let profile: Profile;
    try {
      profile = await fetchProfile();
    } catch {
      // The specification's rule: a failed profile lookup in the admin check clears the session.
      cached = null;
      clearSession();
      return leaveToStorefront();
    }
    if (profile.role !== 'admin') return leaveToStorefront();
  },

  async checkError(error: { status?: number; body?: unknown }) {
    if (error?.status === 401) {
      // The session ended (expired, or the password changed): to the back office's sign-in page,
      // which brings the admin back to this page afterwards. `message: false` skips react-admin's
      // notice and its checkAuth, which would send a visitor without a token to the storefront.
      cached = null;
      clearSession();
      throw { message: false };
    }
    if (error?.status === 403 && errorBodyCode(error.body) === 'TWO_FACTOR_ENROLMENT_REQUIRED') {
      // Two-factor was reset meanwhile: the back office opens on the enrolment.
      window.location.assign(ADMIN_HOME);
      return new Promise<never>(() => undefined);
    }
    if (error?.status === 403) {
      cached = null;
      await leaveToStorefront();
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    if (isEnrolmentToken(getToken())) return { id: 'enrolment', fullName: sessionNickname() };
    const profile = await fetchProfile();
    return { id: profile.id, fullName: profile.nickname };
  },

  async getPermissions() {
    // Without a session there are no permissions to find. Answering null at once raced react-admin's
    // logout: the cleared permissions query mounted its logout again, sending the login page to itself
    // endlessly (react-admin's useLogout explains the race).
    if (!getToken()) throw { message: false };
    if (isEnrolmentToken(getToken())) return null;
    const profile = await fetchProfile().catch(() => null);
    return profile?.role ?? null;
  },
};
