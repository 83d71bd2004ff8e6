import { connectRedis, type RedisConnection } from '@topup/server-kit';

/**
 * A connection to REDIS_URL: one server, or a Redis Cluster (docs/architecture.md#redis-cluster). BullMQ
 * needs `maxRetriesPerRequest: null` on the connections it blocks on; the API's connection fails fast
 * instead so a request never hangs while Redis is away.
 */
export function createRedis(url: string, options: { forQueues?: boolean } = {}): RedisConnection {
  return connectRedis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: options.forQueues ? null : 1,
    enableOfflineQueue: options.forQueues ?? false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
