import { ErrorCode } from '@topup/common';
import { isRetryableError, toApiError } from './api-error';

/** The header the API's money calls read (docs/architecture.md, "Idempotency keys on the money calls"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A money call's input plus the key of the attempt it belongs to. */
export type WithIdempotencyKey<T> = T & { idempotencyKey: string };

/** The request headers for an attempt's key. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/** A fresh key: a random UUID (any secure context has it), else a random string of the same strength. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The first request with this key is still running on the server (409 IDEMPOTENCY_KEY_IN_USE). */
export function isKeyInUse(error: unknown): boolean {
  return toApiError(error).code === ErrorCode.IDEMPOTENCY_KEY_IN_USE;
}

/**
 * Whether the server gave the attempt a final answer. No answer (network), our failure (5xx), a rate
 * limit (429) and "still running" (409 IN_USE) leave it open: the money may or may not have moved,
 * so a retry must carry the same key and the server replays or finishes the first request. Anything
 * else (success, a refusal such as an insufficient balance) is final, and the next attempt is a new one.
 */
export function isDefiniteAnswer(error: unknown | null): boolean {
  if (error === null || error === undefined) return true;
  return !isRetryableError(error) && !isKeyInUse(error);
}

/**
 * What a money mutation retries by itself, with the same key (so the server never runs it twice):
 * once after a lost answer or a server failure, and once after "still running".
 */
export function retryMoneyCall(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && (isRetryableError(error) || isKeyInUse(error));
}

/** "Still running" is worth a longer wait than a lost answer. */
export function moneyRetryDelay(_attempt: number, error: unknown): number {
  return isKeyInUse(error) ? 2_000 : 1_000;
}

/**
 * The key of one payment attempt. `keyFor(scope)` answers the same key while the attempt is the same
 * request (the scope names it: what is paid, in which currency, how) and a new one once the scope
 * changes; `settle(error)` ends the attempt after a final answer so the next click starts a new one,
 * and keeps it after an open one so the retry is recognised. One holder lives per checkout screen.
 */
export interface AttemptKeys {
  keyFor(scope: string): string;
  settle(error: unknown | null): void;
  reset(): void;
  /** The open attempt's key, if any (for tests and logs). */
  readonly current: string | null;
}

export function createAttemptKeys(generate: () => string = newIdempotencyKey): AttemptKeys {
  let attempt: { scope: string; key: string } | null = null;
  return {
    keyFor(scope) {
      if (attempt?.scope !== scope) attempt = { scope, key: generate() };
      return attempt.key;
    },
    settle(error) {
      if (isDefiniteAnswer(error)) attempt = null;
    },
    reset() {
      attempt = null;
    },
    get current() {
      return attempt?.key ?? null;
    },
  };
}

/** A request's identity as the server hashes it: the path and the body (key order kept as built). */
export function requestScope(path: string, body: unknown, extra?: unknown): string {
  return JSON.stringify([path, body, extra ?? null]);
}
