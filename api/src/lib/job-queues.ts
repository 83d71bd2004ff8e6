import { Queue } from 'bullmq';
import { keyGroup, type RedisConnection } from '@topup/server-kit';
import { QUEUES, type QueueName } from '@topup/common';

/**
 * One of the store's BullMQ queues. The workers (which produce to and consume from them) and the
 * API (which only looks at them: dashboard figures, the queue dashboard) both open queues here, so
 * they always agree on the name and the key prefix (REDIS_PREFIX).
 */
export function openQueue(name: QueueName, connection: RedisConnection, prefix: string): Queue {
  return new Queue(name, { connection, prefix: queueKeyPrefix(connection, prefix) });
}

/**
 * The prefix of a queue's keys. BullMQ's scripts use several keys of a queue at once, which a Redis
 * Cluster allows only within one slot: there the prefix is a hash tag (`{topup}`, BullMQ's "Redis
 * Cluster" pattern). A lone server keeps REDIS_PREFIX itself, and so the queues it already holds.
 */
export function queueKeyPrefix(connection: RedisConnection, prefix: string): string {
  return keyGroup(connection, prefix);
}

/** Every queue of common/src/queues.ts, by name, on one connection. */
export function openQueues(connection: RedisConnection, prefix: string): Record<QueueName, Queue> {
  return Object.fromEntries(Object.values(QUEUES).map((name) => [name, openQueue(name, connection, prefix)])) as Record<
    QueueName,
    Queue
  >;
}
