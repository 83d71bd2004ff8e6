import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@topup/common';
import type { Config, RateLimitedAction } from '../config';
import { AppError } from '../lib/app-error';
import type { AppContext, AppMiddleware } from '../types';

export type RateLimitFactory = (action: RateLimitedAction, key?: (ctx: AppContext) => string) => AppMiddleware;

/**
 * Redis-backed limits shared by every API replica. While Redis is unreachable an in-memory limiter
 * per process takes over, so the store keeps answering (and keeps limiting) instead of failing.
 */
export function createRateLimitFactory(deps: {
  redis: Redis;
  prefix: string;
  rules: Config['rateLimits'];
}): RateLimitFactory {
  return (action, key = (ctx) => ctx.ip) => {
    const { points, durationSeconds } = deps.rules[action];
    const limiter = new RateLimiterRedis({
      storeClient: deps.redis,
      useRedisPackage: false,
      keyPrefix: `${deps.prefix}:rl:${action}`,
      points,
      duration: durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }),
    });
    return async (ctx, next) => {
      try {
        const result = await limiter.consume(key(ctx));
        ctx.set('RateLimit-Remaining', String(result.remainingPoints));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        ctx.set('Retry-After', String(retryAfter));
        throw new AppError(429, ErrorCode.RATE_LIMITED, 'Too many requests. Please wait a moment and try again.', {
          retryAfterSeconds: retryAfter,
        });
      }
      await next();
    };
  };
}
