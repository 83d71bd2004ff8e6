import type { AuthSession } from '@topup/common/api';

/** The session shared with the storefront (same origin, same localStorage keys). */
export const SESSION_KEYS = { token: 'token', nickname: 'nickname', userId: 'userId' } as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return safe(() => localStorage.getItem(SESSION_KEYS.token), null);
}

export function saveSession(session: AuthSession): void {
  safe(() => {
    localStorage.setItem(SESSION_KEYS.token, session.token);
    localStorage.setItem(SESSION_KEYS.nickname, session.nickname);
    localStorage.setItem(SESSION_KEYS.userId, String(session.userId));
  }, undefined);
}

export function clearSession(): void {
  safe(() => {
    localStorage.removeItem(SESSION_KEYS.token);
    localStorage.removeItem(SESSION_KEYS.nickname);
    localStorage.removeItem(SESSION_KEYS.userId);
  }, undefined);
}

/** The storefront's language choice ('language'), when it is one the back office speaks. */
export function storefrontLocale(): 'ru' | 'en' {
  return safe(() => localStorage.getItem('language'), null) === 'en' ? 'en' : 'ru';
}

/**
 * Whether the token is the one an admin gets while the store requires two-factor authentication and
 * they have not enrolled (its `enrol` claim): the API opens only enrolment to it, so the back office
 * shows nothing else. Read without checking the signature: it only decides what to show.
 */
export function isEnrolmentToken(token: string | null): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  return safe(() => {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { enrol?: unknown }).enrol === true;
  }, false);
}

/** The nickname the session was saved with. */
export function sessionNickname(): string {
  return safe(() => localStorage.getItem(SESSION_KEYS.nickname), null) ?? '';
}
