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

export function saveSession(session: { token: string; nickname: string; userId: string | number }): void {
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
