import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { ErrorCode } from '@topup/common';
import type { LoginProtectionLimits } from '../../config';
import { AppError, RetryLaterError } from '../../lib/app-error';
import type { Logger } from '../../logger';

/** How long the failures and blocks of one nickname from one address are remembered without a success. */
const PAIR_MEMORY_SECONDS = 7 * 24 * 3600;

/** A failure counter and the count at which its key is blocked. */
interface FailureLimit {
  name: 'pair' | 'account' | 'address';
  limiter: RateLimiterRedis;
  failures: number;
}

export interface LoginProtection {
  /** Throws 429 RATE_LIMITED with Retry-After while the nickname, the address or the pair is blocked. */
  check(nickname: string, ip: string): Promise<void>;
  /** Counts a wrong password (or nickname) against the pair, the nickname and the address; blocks on reaching a limit. */
  recordFailure(nickname: string, ip: string): Promise<void>;
  /** A completed login: forgets the pair's failures and blocks and the nickname's failures. */
  recordSuccess(nickname: string, ip: string): Promise<void>;
  /**
   * `check`, then the attempt: an error `fails` recognises (by default 401 INVALID_CREDENTIALS) is
   * recorded as a failure, a result that `completes` the login as a success, anything else (a second
   * factor still to come, the service busy) changes nothing.
   */
  guard<T>(
    nickname: string,
    ip: string,
    attempt: () => Promise<T>,
    outcome: { completes: (result: T) => boolean; fails?: (err: unknown) => boolean },
  ): Promise<T>;
}

const isWrongCredentials = (err: unknown): boolean =>
  err instanceof AppError && err.code === ErrorCode.INVALID_CREDENTIALS;

/** Case and surrounding spaces do not make another account (users are found by lower(nickname)). */
const normalised = (nickname: string): string => nickname.trim().toLowerCase();

/**
 * Login brute-force protection, rate-limiter-flexible's login pattern (failures are counted, never
 * attempts; a success resets), in Redis so every API process shares it:
 * - the pair (nickname, address): a few consecutive failures block only that pair, so a shopper behind
 *   an address someone attacks other accounts from still logs in; each further block of the same pair
 *   lasts twice as long as the last, up to a cap;
 * - the nickname from any addresses: a slow guess spread over many addresses blocks the nickname's
 *   password logins for a while;
 * - the address, whatever the nicknames: one source guessing many accounts.
 * An unknown nickname counts like a wrong password under its normalised spelling, so answers tell
 * nothing about which accounts exist.
 */
export function createLoginProtection(deps: {
  redis: Redis;
  prefix: string;
  limits: LoginProtectionLimits;
  logger: Logger;
}): LoginProtection {
  const { limits, logger } = deps;
  const limiter = (name: string, points: number, durationSeconds: number) =>
    new RateLimiterRedis({
      storeClient: deps.redis,
      useRedisPackage: false,
      keyPrefix: `${deps.prefix}:rl:login-${name}`,
      points,
      duration: durationSeconds,
      // While Redis is away each process counts on its own: logins stay possible and still limited.
      insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }),
    });

  const pair: FailureLimit = {
    name: 'pair',
    limiter: limiter('pair', limits.pair.failures, PAIR_MEMORY_SECONDS),
    failures: limits.pair.failures,
  };
  // How many times the pair has been blocked: the exponent of its next block.
  const pairBlocks = limiter('pair-blocks', Number.MAX_SAFE_INTEGER, PAIR_MEMORY_SECONDS);
  const account: FailureLimit = {
    name: 'account',
    limiter: limiter('account', limits.account.failures, limits.account.windowSeconds),
    failures: limits.account.failures,
  };
  const address: FailureLimit = {
    name: 'address',
    limiter: limiter('address', limits.address.failures, limits.address.windowSeconds),
    failures: limits.address.failures,
  };

  const keysOf = (nickname: string, ip: string) => {
    const name = normalised(nickname);
    // The address first: it never holds a '|', so no two pairs share a key.
    return { pair: `${ip}|${name}`, account: name, address: ip };
  };

  /** Milliseconds left of the key's block, 0 when it is not blocked. */
  async function blockedFor(limit: FailureLimit, key: string): Promise<number> {
    const state = await limit.limiter.get(key);
    return state && state.consumedPoints > limit.failures ? state.msBeforeNext : 0;
  }

  /** Counts one failure; the one that reaches the limit (exactly one, the count is atomic) blocks the key. */
  async function countFailure(limit: FailureLimit, key: string, blockSeconds: () => Promise<number>): Promise<void> {
    const counted = await limit.limiter.penalty(key);
    if (counted.consumedPoints !== limit.failures) return;
    const seconds = await blockSeconds();
    await limit.limiter.block(key, seconds);
    logger.warn({ limit: limit.name, key, blockSeconds: seconds }, 'login blocked after repeated failures');
  }

  async function nextPairBlockSeconds(key: string): Promise<number> {
    const blocks = await pairBlocks.penalty(key);
    return Math.min(limits.pair.blockSeconds * 2 ** (blocks.consumedPoints - 1), limits.pair.maxBlockSeconds);
  }

  const protection: LoginProtection = {
    async check(nickname, ip) {
      const keys = keysOf(nickname, ip);
      const waits = await Promise.all([
        blockedFor(pair, keys.pair),
        blockedFor(account, keys.account),
        blockedFor(address, keys.address),
      ]);
      const waitMs = Math.max(...waits);
      if (waitMs > 0) {
        throw new RetryLaterError(429, ErrorCode.RATE_LIMITED, 'Too many failed sign-in attempts. Please try again later.', waitMs / 1000);
      }
    },

    async recordFailure(nickname, ip) {
      const keys = keysOf(nickname, ip);
      await Promise.all([
        countFailure(pair, keys.pair, () => nextPairBlockSeconds(keys.pair)),
        countFailure(account, keys.account, async () => limits.account.blockSeconds),
        countFailure(address, keys.address, async () => limits.address.blockSeconds),
      ]);
    },

    async recordSuccess(nickname, ip) {
      const keys = keysOf(nickname, ip);
      await Promise.all([pair.limiter.delete(keys.pair), pairBlocks.delete(keys.pair), account.limiter.delete(keys.account)]);
    },

    async guard(nickname, ip, attempt, outcome) {
      await protection.check(nickname, ip);
      let result;
      try {
        result = await attempt();
      } catch (err) {
        if ((outcome.fails ?? isWrongCredentials)(err)) await protection.recordFailure(nickname, ip);
        throw err;
      }
      if (outcome.completes(result)) await protection.recordSuccess(nickname, ip);
      return result;
    },
  };
  return protection;
}
