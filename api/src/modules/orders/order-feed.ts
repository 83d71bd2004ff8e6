import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { OrderChange } from '@topup/common/api';
import { afterCommit, outermostTransaction } from '@topup/server-kit';

/**
 * Live order changes for the shoppers' open event streams (`GET /api/orders/events`), through Redis
 * pub/sub: any process (API or workers) publishes what its committed transactions changed of orders,
 * and every API process hands each change to the streams its owner has open there.
 */

const channelOf = (prefix: string) => `${prefix}:order-changes`;

/** One message on the channel: whose order changed, and how it is now. */
interface OrderChangeMessage {
  userId: number;
  change: OrderChange;
}

type OrderChangePublisher = (orderIds: number[]) => Promise<void>;

/** Where a database handle carries its publisher: its knex user params, which its transactions inherit. */
const PUBLISHER_PARAM = 'orderChangePublisher';
/** The orders each open transaction changed so far: one publish per order once it commits. */
const changedIn = new WeakMap<Knex.Transaction, Set<number>>();

/**
 * The same database, whose transactions tell the shoppers' streams about the orders they changed
 * once they commit (see announceOrderChanges). The order's status is read after the commit, so a
 * stream never hears of a change that was rolled back, nor of an older status than the database's.
 */
export function withOrderChangeFeed(db: Knex, deps: { redis: Redis; prefix: string; onError: (err: Error) => void }): Knex {
  const channel = channelOf(deps.prefix);
  const publish: OrderChangePublisher = async (orderIds) => {
    try {
      const rows: Array<{ id: string | number; user_id: string | number; status: OrderChange['status'] }> = await db('orders')
        .select('id', 'user_id', 'status')
        .whereRaw('id = any(?)', [orderIds]);
      await Promise.all(
        rows.map((row) => {
          const message: OrderChangeMessage = { userId: Number(row.user_id), change: { id: Number(row.id), status: row.status } };
          return deps.redis.publish(channel, JSON.stringify(message));
        }),
      );
    } catch (err) {
      // The storefront's poll still shows the change, only later.
      deps.onError(err as Error);
    }
  };
  return db.withUserParams({ ...db.userParams, [PUBLISHER_PARAM]: publish });
}

/**
 * Announces these orders to their shoppers' streams once `trx` commits, and not at all if it rolls
 * back. Called wherever a change a shopper sees is recorded on an order (recordOrderEvent), so every
 * path that changes an order announces it.
 */
export function announceOrderChanges(trx: Knex.Transaction, orderIds: number[]): void {
  const outer = outermostTransaction(trx);
  const publish = outer.userParams[PUBLISHER_PARAM] as OrderChangePublisher | undefined;
  if (!publish || orderIds.length === 0) return;
  let changed = changedIn.get(outer);
  if (!changed) {
    const orders = new Set<number>();
    changedIn.set(outer, (changed = orders));
    afterCommit(outer, () => publish([...orders]));
  }
  for (const id of orderIds) changed.add(id);
}

/** What a stream does with its shopper's changes: `null` when some may have been missed. */
export interface OrderChangeListener {
  changed(change: OrderChange | null): void;
  /** The feed stopped (shutdown): the stream ends. */
  end(): void;
}

export interface OrderFeed {
  /** Hands every change of `userId`'s orders to `listener` until the returned function is called. */
  listen(userId: number, listener: OrderChangeListener): () => void;
  /**
   * Resolves once this process receives the changes published from now on; or, while Redis is away,
   * after a short wait (streams then open all the same, and the storefront's poll covers the gap).
   */
  ready(): Promise<void>;
  /** How many listeners are open, all users together. */
  listenerCount(): number;
  /** Ends every listener and leaves the channel. */
  close(): void;
}

const READY_WAIT_MS = 2000;

/**
 * The API process's side: one Redis subscription, whatever the number of open streams, handing each
 * message to the listeners of its user. It subscribes when the first stream opens.
 */
export function createOrderFeed(deps: { redis: Redis; prefix: string; onError: (err: Error, action: string) => void }): OrderFeed {
  const channel = channelOf(deps.prefix);
  const byUser = new Map<number, Set<OrderChangeListener>>();
  let subscriber: Redis | undefined;
  let subscribed: Promise<void> | undefined;
  let closed = false;

  const everyListener = () => [...byUser.values()].flatMap((listeners) => [...listeners]);

  function subscribe(): Redis {
    const connection = deps.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });
    connection.on('message', (_channel: string, raw: string) => {
      let message: OrderChangeMessage;
      try {
        message = JSON.parse(raw) as OrderChangeMessage;
      } catch {
        return;
      }
      for (const listener of byUser.get(message.userId) ?? []) listener.changed(message.change);
    });
    connection.on('error', (err: Error) => deps.onError(err, 'order feed subscriber'));
    // A subscription back after Redis was away may have missed changes: every stream is told.
    let connectedBefore = false;
    connection.on('ready', () => {
      if (connectedBefore) for (const listener of everyListener()) listener.changed(null);
      connectedBefore = true;
    });
    connection.connect().catch((err: Error) => deps.onError(err, 'connecting the order feed'));
    // Queued until connected; ioredis subscribes again by itself after every reconnection.
    subscribed = connection.subscribe(channel).then(
      () => undefined,
      (err: Error) => deps.onError(err, 'subscribing to order changes'),
    );
    return connection;
  }

  return {
    listen(userId, listener) {
      if (closed) {
        // Not while the stream is still opening (see EventSink).
        queueMicrotask(() => listener.end());
        return () => undefined;
      }
      subscriber ??= subscribe();
      let listeners = byUser.get(userId);
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byUser.get(userId) === listeners) byUser.delete(userId);
      };
    },
    ready() {
      subscriber ??= subscribe();
      const waited = new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref());
      return Promise.race([subscribed, waited]);
    },
    listenerCount: () => everyListener().length,
    close() {
      closed = true;
      for (const listener of everyListener()) listener.end();
      byUser.clear();
      subscriber?.disconnect();
    },
  };
}
