import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES, type QueueName } from '@topup/common';

/**
 * One of the store's BullMQ queues. The workers (which produce to and consume from them) and the
 * API (which only looks at them: dashboard figures, the queue dashboard) both open queues here, so
 * they always agree on the name and the key prefix (REDIS_PREFIX).
 */
export function openQueue(name: QueueName, connection: Redis, prefix: string): Queue {
  return new Queue(name, { connection, prefix });
}

/** Every queue of common/src/queues.ts, by name, on one connection. */
export function openQueues(connection: Redis, prefix: string): Record<QueueName, Queue> {
  return Object.fromEntries(Object.values(QUEUES).map((name) => [name, openQueue(name, connection, prefix)])) as Record<
    QueueName,
    Queue
  >;
}
