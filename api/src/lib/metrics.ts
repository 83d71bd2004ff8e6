import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { collectDefaultMetrics, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { keyGroup, type RedisConnection } from '@topup/server-kit';

/** Every metric of the store starts so, Node's process metrics included (`topup_process_cpu_seconds_total`). */
export const METRICS_PREFIX = 'topup_';

/** How often a workers process publishes its metrics, and how long they count once it stops doing so. */
export const METRICS_PUBLISH_MS = 5_000;
const METRICS_TTL_MS = 3 * METRICS_PUBLISH_MS;

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/**
 * What a process is called in the `process` label: its role, host and pid (`workers:web-1:4242`). The
 * API processes under one primary are one `api:<host>`: a scrape answers their figures added up
 * (docs/architecture.md, "Processes").
 */
export function processLabel(role: 'api' | 'workers'): string {
  if (role === 'api' && cluster.isWorker) return `api:${hostname()}`;
  return `${role}:${hostname()}:${process.pid}`;
}

/** A process's own registry: Node's default metrics, and every value labelled with the process. */
export function createProcessRegistry(process: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ process });
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  return registry;
}

/**
 * Where the workers processes leave their metrics for the API's scrape, under the store's Redis prefix;
 * one key group, as they are written in one transaction and read in one MGET.
 */
const publishedKeys = (redis: RedisConnection, prefix: string) => {
  const group = `${prefix}:${keyGroup(redis, 'metrics')}`;
  return {
    /** The processes that publish (a set); each one's metrics are a key of their own, with a TTL. */
    index: `${group}:processes`,
    of: (process: string) => `${group}:process:${process}`,
  };
};

export interface MetricsPublisher {
  /** Publishes once now, then every METRICS_PUBLISH_MS. */
  start(): void;
  /** Stops publishing and removes this process's metrics, so a stopped process leaves no stale series. */
  stop(): Promise<void>;
}

/**
 * Publishes a registry's metrics (JSON) to Redis for the API to merge into its scrape: how any number
 * of workers processes, which answer no HTTP, are seen in one scrape. A key outlives its process by
 * at most its TTL when the process dies without stopping.
 */
export function createMetricsPublisher(deps: {
  registry: Registry;
  redis: RedisConnection;
  prefix: string;
  process: string;
  onError(err: Error): void;
}): MetricsPublisher {
  const keys = publishedKeys(deps.redis, deps.prefix);
  let timer: NodeJS.Timeout | undefined;

  async function publish(): Promise<void> {
    const metrics = JSON.stringify(await deps.registry.getMetricsAsJSON());
    await deps.redis.multi().set(keys.of(deps.process), metrics, 'PX', METRICS_TTL_MS).sadd(keys.index, deps.process).exec();
  }
  const publishLogged = () => publish().catch(deps.onError);

  return {
    start() {
      void publishLogged();
      timer = setInterval(() => void publishLogged(), METRICS_PUBLISH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await deps.redis.multi().del(keys.of(deps.process)).srem(keys.index, deps.process).exec();
    },
  };
}

/** The metrics every live publisher left in Redis; forgets the processes whose key has expired. */
export async function readPublishedMetrics(redis: RedisConnection, prefix: string): Promise<MetricsJson[]> {
  const keys = publishedKeys(redis, prefix);
  const processes = await redis.smembers(keys.index);
  if (processes.length === 0) return [];
  const values = await redis.mget(processes.map(keys.of));
  const gone = processes.filter((_, index) => values[index] === null);
  if (gone.length > 0) await redis.srem(keys.index, ...gone);
  return values.flatMap((value) => (value === null ? [] : [JSON.parse(value) as MetricsJson]));
}

/**
 * One registry holding every metric of `sources`, a metric's series side by side. Unlike
 * AggregatorRegistry.aggregate nothing is summed or dropped: each process's series keep their own
 * `process` label.
 */
export function mergeMetrics(sources: MetricsJson[]): Registry {
  const byName = new Map<string, MetricObjectWithValues<MetricValue<string>>>();
  for (const metric of sources.flat()) {
    const known = byName.get(metric.name);
    if (known) known.values.push(...metric.values);
    else byName.set(metric.name, { ...metric, values: [...metric.values] });
  }
  const merged = new Registry();
  for (const metric of byName.values()) {
    // registerMetric takes a metric object; a read-only one that answers the merged values is enough.
    merged.registerMetric({ ...metric, get: () => metric } as unknown as Parameters<Registry['registerMetric']>[0]);
  }
  return merged;
}
