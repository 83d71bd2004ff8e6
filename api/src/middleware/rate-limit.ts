import type { RedisConnection } from '@topup/server-kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@topup/common';
import type { Config, RateLimitedAction } from '../config';
import { AppError, RetryLaterError } from '../lib/app-error';
import type { AppContext, AppMiddleware } from '../types';

export type RateLimitFactory = (action: RateLimitedAction, key?: (ctx: AppContext) => string) => AppMiddleware;

const isRefusedBody = (err: unknown) => err instanceof AppError && err.status === 400 && err.code === ErrorCode.VALIDATION_FAILED;

/**
 * Redis-backed limits shared by every API replica. While Redis is unreachable an in-memory limiter
 * per process takes over, so the store keeps answering (and keeps limiting) instead of failing.
 */
export function createRateLimitFactory(deps: {
  redis: RedisConnection;
  prefix: string;
  rules: Config['rateLimits'];
}): RateLimitFactory {
  const limiter = (name: string, points: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: deps.redis,
      useRedisPackage: false,
      keyPrefix: `${deps.prefix}:rl:${name}`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });

  return (action, key = (ctx) => ctx.ip) => {
    const { points, durationSeconds, refusedPoints } = deps.rules[action];
    const accepted = limiter(action, points, durationSeconds);
    // Requests refused as invalid are counted here instead (RateLimitRule.refusedPoints).
    const refused = refusedPoints === undefined ? null : limiter(`${action}:refused`, refusedPoints, durationSeconds);
    return async (ctx, next) => {
      const client = key(ctx);
      try {
        const spent = await refused?.get(client);
        if (spent && refusedPoints !== undefined && spent.consumedPoints >= refusedPoints) throw spent;
        const result = await accepted.consume(client);
        ctx.set('RateLimit-Remaining', String(result.remainingPoints));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new RetryLaterError(429, ErrorCode.RATE_LIMITED, 'Too many requests. Please wait a moment and try again.', rejection.msBeforeNext / 1000);
      }
      try {
        await next();
      } catch (err) {
        if (refused && isRefusedBody(err)) {
          await accepted.reward(client, 1);
          // An exhausted budget answers 429 from the next request on; this one keeps its 400.
          await refused.consume(client).catch((rejection: unknown) => {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
          });
        }
        throw err;
      }
    };
  };
}
