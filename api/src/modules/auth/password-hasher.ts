import argon2 from 'argon2';
import { ErrorCode } from '@topup/common';
import type { Config } from '../../config';
import type { AppMiddleware } from '../../types';
import { createConcurrencyGate, GateFullError } from '../../lib/concurrency-gate';
import { RetryLaterError } from '../../lib/app-error';
import { hashPassword } from './auth.service';
import type { KnownDevices } from './known-devices';

const BUSY_MESSAGE = 'The store is very busy right now. Please try again in a moment.';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** A `preferred` check (from a known device) waits in the gate's preferred queue. */
  verify(hash: string, password: string, preferred?: boolean): Promise<boolean>;
  /** Throws the 503 `hash` and `verify` would throw right now, so a caller can refuse before any other work. */
  admit(preferred?: boolean): void;
}

/**
 * argon2 hashing and checking through one bounded gate per process: a login or registration flood
 * waits in a short queue and beyond it is refused with 503 SERVICE_BUSY and Retry-After, so the
 * threads and memory argon2 takes stay free enough for the catalogue, carts and checkouts.
 */
export function createPasswordHasher(limits: Config['passwordHashing']): PasswordHasher {
  const gate = createConcurrencyGate(limits);

  const busy = (retryAfterSeconds: number) => new RetryLaterError(503, ErrorCode.SERVICE_BUSY, BUSY_MESSAGE, retryAfterSeconds);

  async function throttled<T>(work: () => Promise<T>, preferred = false): Promise<T> {
    try {
      return await gate.run(work, preferred);
    } catch (err) {
      throw err instanceof GateFullError ? busy(err.retryAfterSeconds) : err;
    }
  }

  return {
    admit(preferred) {
      const retryAfter = gate.refusal(preferred);
      if (retryAfter !== undefined) throw busy(retryAfter);
    },
    hash: (password) => throttled(() => hashPassword(password)),
    verify: (hash, password, preferred) => throttled(() => argon2.verify(hash, password), preferred),
  };
}

/**
 * Refuses these POST paths while the gate is full, before the body is parsed or a route is matched:
 * a flood's refusals must cost next to nothing, or they crowd out the catalogue all the same. A
 * request with a valid device cookie is measured against the preferred queue.
 */
export function shedWhenBusy(passwords: PasswordHasher, knownDevices: KnownDevices, paths: readonly string[]): AppMiddleware {
  const shed = new Set(paths);
  return async (ctx, next) => {
    if (ctx.method === 'POST' && shed.has(ctx.path)) passwords.admit(knownDevices.anyDevice(ctx) !== undefined);
    await next();
  };
}
