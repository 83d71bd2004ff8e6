import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { ErrorCode } from '@topup/common';
import type { LoginProtectionLimits } from '../../config';
import { AppError, RetryLaterError } from '../../lib/app-error';
import type { Logger } from '../../logger';
import { recordAudit } from '../../lib/audit';
import { normalisedNickname } from './known-devices';

/** How long the failures and blocks of one nickname from one address are remembered without a success. */
const PAIR_MEMORY_SECONDS = 7 * 24 * 3600;

/**
 * How far above its limit a blocked key's count is set. An attempt refused while the block is being set
 * took its point before the block and gives it back after; set to one over the limit, a burst of such
 * give-backs would bring the count under it and lift the block early.
 */
const BLOCKED_COUNT_HEADROOM = 1_000_000;

/** A failure counter and the count at which its key is blocked. */
interface FailureLimit {
  name: 'pair' | 'account' | 'address';
  limiter: RateLimiterRedis;
  failures: number;
}

/** Who is signing in: the nickname, from where, and the device id of a valid device cookie naming that nickname. */
export interface LoginAttempt {
  nickname: string;
  ip: string;
  device?: string;
  requestId: string;
}

export interface LoginProtection {
  /**
   * Takes the attempt's point from each of its limits before `attempt` runs, so a parallel burst never
   * gets more attempts than the limits allow: a known device's own budget, else the pair, the nickname
   * and the address. A key over its limit refuses with 429 RATE_LIMITED and Retry-After, and the
   * refused attempt gives its points back (it checked nothing). Then an error `fails` recognises (by
   * default 401 INVALID_CREDENTIALS) keeps its points and blocks a key it brought to its limit; a
   * result that `completes` the login forgets the failures of the pair (or device) and the nickname;
   * anything else (a second factor still to come, the service busy) gives its points back.
   */
  guard<T>(
    who: LoginAttempt,
    attempt: () => Promise<T>,
    outcome: { completes: (result: T) => boolean; fails?: (err: unknown) => boolean },
  ): Promise<T>;
}

/** The activity log's action for a nickname whose password logins are blocked. */
export const LOGIN_LOCKOUT_ACTION = 'login.locked';

const isWrongCredentials = (err: unknown): boolean =>
  err instanceof AppError && err.code === ErrorCode.INVALID_CREDENTIALS;


/**
 * Login brute-force protection, rate-limiter-flexible's login pattern (failures are counted, never
 * attempts; a success resets), in Redis so every API process shares it:
 * - the pair (nickname, address): a few consecutive failures block only that pair, so a shopper behind
 *   an address someone attacks other accounts from still logs in; each further block of the same pair
 *   lasts twice as long as the last, up to a cap;
 * - the nickname from any addresses: a slow guess spread over many addresses blocks the nickname's
 *   password logins for a while;
 * - the address, whatever the nicknames: one source guessing many accounts;
 * - a known device (OWASP's device cookie, see known-devices.ts) instead of all three: it counts
 *   against a budget of its own, as a pair does, so no lockout of the nickname keeps its owner out.
 * An unknown nickname counts like a wrong password under its normalised spelling, so answers tell
 * nothing about which accounts exist.
 */
export function createLoginProtection(deps: {
  redis: RedisConnection;
  db: Knex;
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

  /** A key whose point the attempt took, and the count that point brought it to. */
  interface Taken {
    limit: FailureLimit;
    key: string;
    count: number;
    msBeforeNext: number;
  }

  async function take(limit: FailureLimit, key: string): Promise<Taken> {
    const taken = await limit.limiter.penalty(key);
    return { limit, key, count: taken.consumedPoints, msBeforeNext: taken.msBeforeNext };
  }

  const giveBack = (taken: Taken[]) => Promise.all(taken.map(({ limit, key }) => limit.limiter.reward(key)));

  async function nextPairBlockSeconds(key: string): Promise<number> {
    const blocks = await pairBlocks.penalty(key);
    return Math.min(limits.pair.blockSeconds * 2 ** (blocks.consumedPoints - 1), limits.pair.maxBlockSeconds);
  }

  /** A pair's (or device's) block doubles with each block it had; the others last their configured time. */
  const blockSecondsOf = (limit: FailureLimit, key: string): Promise<number> =>
    limit.name === 'account' || limit.name === 'address'
      ? Promise.resolve(limits[limit.name].blockSeconds)
      : nextPairBlockSeconds(key);

  /**
   * The failure that brought a key to its limit (exactly one: the count is atomic) blocks the key. A
   * blocked nickname is an attack on that account: the activity log tells the admins (their dashboard
   * lists the nicknames still blocked).
   */
  async function blockAtLimit({ limit, key, count }: Taken, who: LoginAttempt): Promise<void> {
    if (count !== limit.failures) return;
    const seconds = await blockSecondsOf(limit, key);
    await limit.limiter.set(key, limit.failures + BLOCKED_COUNT_HEADROOM, seconds);
    logger.warn({ limit: limit.name, key, blockSeconds: seconds }, 'login blocked after repeated failures');
    if (limit.name !== 'account') return;
    const until = new Date(Date.now() + seconds * 1000).toISOString();
    await deps.db.transaction((trx) =>
      recordAudit(trx, {
        actorId: null,
        action: LOGIN_LOCKOUT_ACTION,
        entity: 'login',
        entityId: key,
        before: null,
        after: { nickname: key, blockSeconds: seconds, until },
        requestId: who.requestId,
      }),
    );
  }

  /** The longest a key of this limit stays blocked: a key over its limit whose block is not set yet waits no longer. */
  const longestBlockSeconds = {
    pair: limits.pair.maxBlockSeconds,
    account: limits.account.blockSeconds,
    address: limits.address.blockSeconds,
  };

  return {
    async guard(who, attempt, outcome) {
      const name = normalisedNickname(who.nickname);
      // The address first in a pair's key: it never holds a '|', so no two pairs share a key. A device
      // counts like a pair, under a key no pair has.
      const pairKey = who.device === undefined ? `${who.ip}|${name}` : `device:${who.device}`;
      const taken = await Promise.all(
        who.device === undefined
          ? [take(pair, pairKey), take(account, name), take(address, who.ip)]
          : [take(pair, pairKey)],
      );
      const over = taken.filter(({ limit, count }) => count > limit.failures);
      if (over.length > 0) {
        await giveBack(taken);
        const waitSeconds = Math.max(
          ...over.map(({ limit, msBeforeNext }) => Math.min(msBeforeNext / 1000, longestBlockSeconds[limit.name])),
        );
        throw new RetryLaterError(429, ErrorCode.RATE_LIMITED, 'Too many failed sign-in attempts. Please try again later.', waitSeconds);
      }
      let result;
      try {
        result = await attempt();
      } catch (err) {
        if ((outcome.fails ?? isWrongCredentials)(err)) await Promise.all(taken.map((t) => blockAtLimit(t, who)));
        else await giveBack(taken);
        throw err;
      }
      if (outcome.completes(result)) {
        // Successes never count: the address gets its point back, the pair (or device) and the nickname
        // start again. A known device leaves the nickname's count alone: its owner's sign-in must not
        // hand whoever locked the nickname a fresh budget.
        await Promise.all([
          pair.limiter.delete(pairKey),
          pairBlocks.delete(pairKey),
          ...(who.device === undefined ? [account.limiter.delete(name), address.limiter.reward(who.ip)] : []),
        ]);
      } else {
        await giveBack(taken);
      }
      return result;
    },
  };
}
