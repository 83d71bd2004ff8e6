import Router from '@koa/router';
import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import { healthEndpoints } from '@topup/common/api';
import { AppError } from '../../lib/app-error';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';

const CHECK_TIMEOUT_MS = 2000;
/** Retry-After of a 503 readiness answer: about how often a probe or a client should look again. */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health`: the process answers. `/ready`: it can serve. Postgres is required (money, stock and
 * orders live there): without it 503. Redis only degrades the store (rate limits fall back to each
 * process, queued work waits in the outbox, checkouts go on): without it 200 `degraded`.
 */
export function createHealthRouter(deps: { db: Knex; redis: RedisConnection }) {
  const router = new Router<AppState>();
  const routes = typedRoutes(router);

  routes.add(healthEndpoints.health, async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));

  routes.add(healthEndpoints.ready, async (ctx) => {
    const [postgres, redis] = await Promise.all([
      probe(() => deps.db.raw('select 1')),
      probe(() => deps.redis.ping()),
    ]);
    if (postgres === 'down') {
      ctx.set('Retry-After', String(NOT_READY_RETRY_AFTER_SECONDS));
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The store is not ready', { postgres, redis });
    }
    return redis === 'up' ? { status: 'ok' } : { status: 'degraded', degraded: ['redis'] };
  });

  return router;
}
