import type { AuthSession } from '@topup/common/api';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage';

/** The session the API hands out on login and register, kept in localStorage. */
export interface Session {
  token: string;
  nickname: string;
  userId: string;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = read();

function read(): Session | null {
  const token = storage.get(STORAGE_KEYS.token);
  if (!token) return null;
  return {
    token,
    nickname: storage.get(STORAGE_KEYS.nickname) ?? '',
    userId: storage.get(STORAGE_KEYS.userId) ?? '',
  };
}

function refresh(): void {
  const next = read();
  const same =
    next === snapshot ||
    (next !== null &&
      snapshot !== null &&
      next.token === snapshot.token &&
      next.nickname === snapshot.nickname &&
      next.userId === snapshot.userId);
  if (same) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot?.token ?? null;
}

export function saveSession(session: AuthSession): void {
  storage.set(STORAGE_KEYS.token, session.token);
  storage.set(STORAGE_KEYS.nickname, session.nickname);
  storage.set(STORAGE_KEYS.userId, String(session.userId));
  refresh();
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.nickname);
  storage.remove(STORAGE_KEYS.userId);
  refresh();
}

let signingOut = false;

/**
 * Logs out on purpose: drops the session and runs `leave` (navigation away from a protected page)
 * while protected routes hold still instead of sending the shopper to /login.
 */
export async function signOut(leave: () => void | Promise<void>): Promise<void> {
  signingOut = true;
  try {
    clearSession();
    await leave();
  } finally {
    signingOut = false;
  }
}

export function isSigningOut(): boolean {
  return signingOut;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab (or the back office on the same origin) logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.nickname) refresh();
  });
}

/** The current session; re-renders on login, logout and changes made in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
