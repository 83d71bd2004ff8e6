import type { Queue } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import { QUEUES, type QueueName } from '@topup/common';
import { type Config, type Logger, createRedis, openQueue } from '@topup/api';

/** The BullMQ queues the outbox relay feeds, sharing one Redis connection. */
export interface JobQueues {
  byName: Record<QueueName, Queue>;
  /** The connection the queues share. */
  connection: RedisConnection;
  /** True from a failed connection attempt until Redis is back: adding a job now would only wait. */
  redisDown(): boolean;
  close(): Promise<void>;
}

/** ioredis statuses after a connection failed or closed; 'connecting' is not one, it may yet succeed. */
const DOWN_STATUSES = new Set(['reconnecting', 'close', 'end']);

export function createQueues(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, logger: Logger): JobQueues {
  const connection = createRedis(config.redisUrl, { forQueues: true });
  logConnectionHealth(connection, logger, 'queues');
  const byName = Object.fromEntries(
    Object.values(QUEUES).map((name) => {
      const queue = openQueue(name, connection, config.redisPrefix);
      // Connection errors are reported once per outage by logConnectionHealth; the rest only in debug.
      queue.on('error', (err) => logger.debug({ err, queue: name }, 'Queue error'));
      return [name, queue];
    }),
  ) as Record<QueueName, Queue>;

  return {
    byName,
    connection,
    redisDown: () => DOWN_STATUSES.has(connection.status),
    async close() {
      await Promise.all(Object.values(byName).map((queue) => queue.close()));
      // disconnect, not quit: quit would wait forever for a Redis that is down. Nothing is lost,
      // an add still waiting here belongs to a batch the relay has kept in the outbox.
      connection.disconnect();
    },
  };
}

/** Logs a lost Redis connection once per outage instead of on every reconnect attempt. */
export function logConnectionHealth(connection: RedisConnection, logger: Logger, role: string): void {
  let down = false;
  connection.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: err.message, role }, 'Redis connection lost, retrying');
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ role }, 'Redis connection restored');
  });
}
