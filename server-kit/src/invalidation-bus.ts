import { duplicateRedis, type RedisConnection } from './redis-connection';
import type { Knex } from 'knex';
import { afterCommit } from './after-commit';

/**
 * What a change makes stale, by topic. A message names exactly what changed; one without an id means
 * "everything of this topic" (sent, for one, when a subscription comes back after Redis was away,
 * since messages published meanwhile were lost).
 */
export interface InvalidationTopics {
  /** Catalogue answers built from this product (its stock, prices, regions, promotions). */
  catalogue: { productId?: number };
  /**
   * What a process remembers of this user's sessions: role, token version, revoked tokens. Whatever
   * writes users.role, users.token_version or revoked_tokens publishes it once that has committed.
   */
  user: { userId?: number };
}
export type InvalidationTopic = keyof InvalidationTopics;
export type InvalidationHandler<T extends InvalidationTopic> = (message: InvalidationTopics[T]) => void;

export interface InvalidationBus {
  /** Drops the change in this process at once, then tells every other process through Redis. */
  publish<T extends InvalidationTopic>(topic: T, message: InvalidationTopics[T]): Promise<void>;
  /** Publishes once the change made on `conn` commits (afterCommit), and not at all if it rolls back: no process drops a change that never was. */
  publishAfterCommit<T extends InvalidationTopic>(conn: Knex, topic: T, message: InvalidationTopics[T]): void;
  subscribe<T extends InvalidationTopic>(topic: T, handler: InvalidationHandler<T>): () => void;
  /** Resolves once this process receives other processes' messages. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  topic: InvalidationTopic;
  message: InvalidationTopics[InvalidationTopic];
  /** The publishing process, which has already applied its own message. */
  from: string;
}

/**
 * Redis pub/sub between the API and worker processes. A publish that fails (Redis away) is logged
 * and not retried: every cache that subscribes keeps a short safety TTL for exactly that case.
 */
export function createInvalidationBus(deps: {
  /** A connection that fails fast; used for PUBLISH only. */
  redis: RedisConnection;
  prefix: string;
  onError: (err: Error, action: string) => void;
}): InvalidationBus {
  const channel = `${deps.prefix}:invalidate`;
  const processId = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  const handlers = new Map<InvalidationTopic, Set<(message: never) => void>>();
  const subscriber = duplicateRedis(deps.redis, { enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });

  const deliver = (topic: InvalidationTopic, message: InvalidationTopics[InvalidationTopic]) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        (handler as (message: InvalidationTopics[InvalidationTopic]) => void)(message);
      } catch (err) {
        deps.onError(err as Error, `invalidation handler of ${topic}`);
      }
    }
  };
  const resetAll = () => {
    for (const topic of handlers.keys()) deliver(topic, {});
  };

  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== processId) deliver(envelope.topic, envelope.message);
  });
  subscriber.on('error', (err: Error) => deps.onError(err, 'invalidation subscriber'));
  // Every (re)connection may follow lost messages: whatever was cached before it is dropped.
  subscriber.on('ready', resetAll);
  let subscribed: Promise<void> | undefined;

  const publish: InvalidationBus['publish'] = async (topic, message) => {
    deliver(topic, message);
    const envelope: Envelope = { topic, message, from: processId };
    try {
      await deps.redis.publish(channel, JSON.stringify(envelope));
    } catch (err) {
      deps.onError(err as Error, `publishing a ${topic} invalidation`);
    }
  };

  return {
    publish,
    publishAfterCommit(conn, topic, message) {
      afterCommit(conn, () => publish(topic, message));
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler as (message: never) => void);
      subscribed ??= subscriber.connect().then(() => subscriber.subscribe(channel).then(() => undefined));
      subscribed.catch((err: Error) => deps.onError(err, 'subscribing to invalidations'));
      return () => set.delete(handler as (message: never) => void);
    },
    ready: () => subscribed ?? Promise.resolve(),
    async close() {
      subscriber.disconnect();
    },
  };
}
