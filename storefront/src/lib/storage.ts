/** localStorage that never throws (private mode, disabled storage, non-browser test runs). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage unavailable: the preference lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

export const STORAGE_KEYS = {
  token: 'token',
  nickname: 'nickname',
  userId: 'userId',
  language: 'language',
  currency: 'currency',
} as const;
