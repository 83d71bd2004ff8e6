import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * What a shopper had chosen on a page survives the detour to /login: `useKeptState` is a `useState`
 * whose value `keepPageState` saves (sessionStorage, this tab only) just before the page leaves for
 * login, and which the page takes back when it opens again. The saved state is used once.
 */

const SAVED_KEY = 'kept-page-state';

interface SavedState {
  path: string;
  values: Record<string, unknown>;
}

/** The current values of the page's kept states, by name. */
const live = new Map<string, { readonly current: unknown }>();

function readSaved(path: string): Record<string, unknown> | null {
  try {
    const saved = JSON.parse(globalThis.sessionStorage?.getItem(SAVED_KEY) ?? 'null') as SavedState | null;
    return saved?.path === path && typeof saved.values === 'object' ? saved.values : null;
  } catch {
    return null;
  }
}

function forgetSaved(): void {
  try {
    globalThis.sessionStorage?.removeItem(SAVED_KEY);
  } catch {
    /* storage unavailable: nothing was saved */
  }
}

/** Saves every kept state of the page at `path` (called on the way to /login). */
export function keepPageState(path: string): void {
  if (live.size === 0) return;
  const values = Object.fromEntries([...live].map(([name, ref]) => [name, ref.current]));
  try {
    globalThis.sessionStorage?.setItem(SAVED_KEY, JSON.stringify({ path, values } satisfies SavedState));
  } catch {
    /* storage unavailable: the page opens fresh after login */
  }
}

/**
 * `useState` kept across the login detour. `name` is unique on its page; the value must survive JSON
 * (strings, numbers, arrays, plain objects).
 */
export function useKeptState<T>(name: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const { pathname } = useLocation();
  const [restored] = useState(() => {
    const values = readSaved(pathname);
    return values && name in values ? { value: values[name] as T } : null;
  });
  const [value, setValue] = useState<T>(restored ? restored.value : initial);
  const current = useRef<unknown>(value);

  useEffect(() => {
    current.current = value;
  }, [value]);

  useEffect(() => {
    live.set(name, current);
    // Taken back once: a later visit to the page starts fresh.
    if (restored) forgetSaved();
    return () => {
      live.delete(name);
    };
  }, [name, restored]);

  return [value, setValue];
}
