import { Redis } from 'ioredis';

/**
 * A Redis connection. BullMQ needs `maxRetriesPerRequest: null` on the connections it blocks on;
 * the API's connection fails fast instead so a request never hangs while Redis is away.
 */
export function createRedis(url: string, options: { forQueues?: boolean } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: options.forQueues ? null : 1,
    enableOfflineQueue: options.forQueues ?? false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
