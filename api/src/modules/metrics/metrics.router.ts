import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { mergeMetrics, readPublishedMetrics, type MetricsJson } from '../../lib/metrics';
import type { AuthGuards } from '../../middleware/auth';
import type { AppContext, AppMiddleware } from '../../types';
import { collectStoreGauges } from './store-gauges';

export const METRICS_PATH = '/api/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function hasMetricsToken(ctx: AppContext, metricsToken: string | undefined): boolean {
  if (!metricsToken) return false;
  const sent = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  // Digests have one length whatever was sent, so the comparison reveals nothing of the token.
  return sent !== undefined && timingSafeEqual(digest(sent), digest(metricsToken));
}

/**
 * GET /api/metrics, the Prometheus scrape: the API's metrics (this process's, or with API_PROCESSES > 1
 * every API process's added up), every workers process's (read from Redis) and the store's figures read
 * now, in the text format. Open to the METRICS_TOKEN and to
 * admins; mounted before the identify guard, which would refuse the metrics token as a session token.
 */
export function serveMetrics(deps: {
  /** The API processes' own metrics (api/src/cluster.ts, scrapedApiMetrics). */
  apiMetrics: () => Promise<MetricsJson>;
  db: Knex;
  redis: RedisConnection;
  redisPrefix: string;
  queues: Record<string, Queue>;
  metricsToken: string | undefined;
  guards: Pick<AuthGuards, 'requireAdmin'>;
}): AppMiddleware {
  async function scrape(ctx: AppContext): Promise<void> {
    const [own, published, store] = await Promise.all([
      deps.apiMetrics(),
      // Without Redis the scrape still answers this process's and the database's figures.
      readPublishedMetrics(deps.redis, deps.redisPrefix).catch((err: unknown) => {
        ctx.state.log.warn({ err: (err as Error).message }, 'Could not read the workers processes metrics');
        return [];
      }),
      collectStoreGauges({ db: deps.db, queues: deps.queues }),
    ]);
    const merged = mergeMetrics([own, ...published, (await store.getMetricsAsJSON()) as MetricsJson]);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = merged.contentType;
    ctx.body = await merged.metrics();
  }

  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (hasMetricsToken(ctx, deps.metricsToken)) return scrape(ctx);
    return deps.guards.requireAdmin(ctx, () => scrape(ctx));
  };
}
