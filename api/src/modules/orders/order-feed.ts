import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OrderChange } from '@topup/common/api';
import { ErrorCode } from '@topup/common';
import { afterCommit, duplicateRedis, isCluster, outermostTransaction, type RedisConnection } from '@topup/server-kit';
import { RetryLaterError } from '../../lib/app-error';

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
export function withOrderChangeFeed(db: Knex, deps: { redis: RedisConnection; prefix: string; onError: (err: Error) => void }): Knex {
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
 * back. Called wherever a change a shopper sees is recorded on an order (recordOrderEvent, and
 * orderEventsInsert for events written with the change itself), so every path that changes an order
 * announces it.
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
  /** A newer stream of the same shopper took this one's place (at most `perUser` stay open): the stream ends. */
  replaced(): void;
  /** The feed stopped (shutdown): the stream ends. */
  end(): void;
}

export interface OrderFeed {
  /**
   * Hands every change of `userId`'s orders to `listener` until the returned function is called.
   * Throws 503 SERVICE_BUSY while this process has its most streams open; closes the shopper's
   * oldest stream (in whichever API process) once they have more than their share open.
   */
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
/** A refused stream's client waits this long before it tries again. */
const BUSY_RETRY_AFTER_SECONDS = 30;
const BUSY_MESSAGE = 'The store is very busy right now. Live order updates will resume shortly.';
/** A cap's warning is logged at most this often, with how many times it was reached since. */
const CAP_WARNING_EVERY_MS = 60_000;
/** A shopper's set outlives their last stream's heartbeat by this many heartbeats. */
const SET_HEARTBEATS = 3;

/**
 * Registers a new stream in its shopper's sorted set (score: when it opened, by Redis's clock) and
 * closes the oldest beyond the limit, announcing them on the close channel. The streams of a process
 * that stopped without closing them are older than any opened since, so they are the first to go.
 * KEYS: the shopper's set. ARGV: stream, limit, ttl ms, close channel.
 */
const REGISTER_STREAM = `
local time = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(time[1]) * 1000000 + tonumber(time[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if excess <= 0 then return {} end
local oldest = redis.call('ZRANGE', KEYS[1], 0, excess - 1)
redis.call('ZREM', KEYS[1], unpack(oldest))
for _, stream in ipairs(oldest) do redis.call('PUBLISH', ARGV[4], stream) end
return oldest
`;

/**
 * A heartbeat: keeps the shoppers' sets of this process's streams alive, and answers which of its
 * streams are no longer registered (closed by a newer one while the close message was lost).
 * KEYS: one shopper's set per stream. ARGV: ttl ms, then the streams.
 */
const REFRESH_STREAMS = `
local gone = {}
for i = 1, #KEYS do
  if redis.call('ZSCORE', KEYS[i], ARGV[i + 1]) then redis.call('PEXPIRE', KEYS[i], ARGV[1]) else table.insert(gone, ARGV[i + 1]) end
end
return gone
`;

/** One stream open in this process. */
interface OpenStream {
  userId: number;
  listener: OrderChangeListener;
  /**
   * Whether Redis holds it in its shopper's set; one opened while Redis was away is registered at the
   * next heartbeat. Registered once only: registering again would make it the shopper's newest.
   */
  registration: 'none' | 'pending' | 'done';
}

/** Logs that a cap was reached: the first time, then at most once a minute with the count since. */
function capWarning(warn: (message: string, details: Record<string, unknown>) => void, message: string) {
  let lastAt = 0;
  let reached = 0;
  return (details: Record<string, unknown>) => {
    reached += 1;
    if (Date.now() - lastAt < CAP_WARNING_EVERY_MS) return;
    warn(message, { ...details, timesReached: reached });
    lastAt = Date.now();
    reached = 0;
  };
}

/**
 * The API process's side: one Redis subscription, whatever the number of open streams, handing each
 * message to the listeners of its user. It subscribes when the first stream opens. It also bounds the
 * streams (docs/architecture.md, "Live order status"): `perUser` per shopper across every API process, coordinated
 * in Redis (a sorted set per shopper, kept alive by the heartbeat, and a close channel), and
 * `perProcess` in all; while Redis is away each process keeps `perUser` by itself.
 */
export function createOrderFeed(deps: {
  redis: RedisConnection;
  prefix: string;
  limits: { perUser: number; perProcess: number };
  heartbeatMs: number;
  onError: (err: Error, action: string) => void;
  warn: (message: string, details: Record<string, unknown>) => void;
}): OrderFeed {
  const channel = channelOf(deps.prefix);
  const closeChannel = `${deps.prefix}:order-stream-closes`;
  const processId = randomUUID();
  const streamSetOf = (userId: number) => `${deps.prefix}:order-streams:${userId}`;
  const ttlMs = SET_HEARTBEATS * deps.heartbeatMs;
  // Insertion order is opening order: a shopper's first stream here is their oldest.
  const streams = new Map<string, OpenStream>();
  const byUser = new Map<number, Set<OrderChangeListener>>();
  let nextStream = 0;
  let subscriber: RedisConnection | undefined;
  let subscribed: Promise<void> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const processCapReached = capWarning(deps.warn, 'Order streams refused: this process has its most open');
  const userCapReached = capWarning(deps.warn, 'Order streams closed: a shopper opened more than their share');

  const everyListener = () => [...byUser.values()].flatMap((listeners) => [...listeners]);

  /** Closes a stream of this process that a newer one of its shopper replaced. */
  function replace(streamId: string): void {
    const stream = streams.get(streamId);
    if (!stream) return;
    userCapReached({ userId: stream.userId, perUser: deps.limits.perUser });
    stream.listener.replaced();
  }

  function register(streamId: string, stream: OpenStream): void {
    stream.registration = 'pending';
    deps.redis
      .eval(REGISTER_STREAM, 1, streamSetOf(stream.userId), streamId, deps.limits.perUser, ttlMs, closeChannel)
      .then(
        (oldest) => {
          stream.registration = 'done';
          // Those of this process close here at once; the others' on their close message.
          for (const id of oldest as string[]) replace(id);
        },
        (err: Error) => {
          stream.registration = 'none';
          deps.onError(err, 'registering an order stream');
        },
      );
  }

  function refresh(): void {
    const open = [...streams].filter(([, stream]) => stream.registration === 'done');
    for (const [streamId, stream] of streams) if (stream.registration === 'none') register(streamId, stream);
    for (const batch of refreshBatches(open)) {
      deps.redis
        .eval(REFRESH_STREAMS, batch.length, ...batch.map(([, stream]) => streamSetOf(stream.userId)), ttlMs, ...batch.map(([id]) => id))
        .then(
          (gone) => {
            for (const id of gone as string[]) replace(id);
          },
          (err: Error) => deps.onError(err, 'refreshing the order streams'),
        );
    }
  }

  /**
   * One script for all the streams on one server. A cluster runs a script only on keys of one slot,
   * and the shoppers' sets are spread over its slots: there, one script per shopper.
   */
  function refreshBatches(open: Array<[string, OpenStream]>): Array<Array<[string, OpenStream]>> {
    if (open.length === 0) return [];
    if (!isCluster(deps.redis)) return [open];
    const byShopper = new Map<number, Array<[string, OpenStream]>>();
    for (const entry of open) {
      const batch = byShopper.get(entry[1].userId);
      if (batch) batch.push(entry);
      else byShopper.set(entry[1].userId, [entry]);
    }
    return [...byShopper.values()];
  }

  function subscribe(): RedisConnection {
    const connection = duplicateRedis(deps.redis, { enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });
    connection.on('message', (from: string, raw: string) => {
      if (from === closeChannel) {
        replace(raw);
        return;
      }
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
    subscribed = connection.subscribe(channel, closeChannel).then(
      () => undefined,
      (err: Error) => deps.onError(err, 'subscribing to order changes'),
    );
    heartbeat = setInterval(refresh, deps.heartbeatMs);
    heartbeat.unref();
    return connection;
  }

  return {
    listen(userId, listener) {
      if (closed) {
        // Not while the stream is still opening (see EventSink).
        queueMicrotask(() => listener.end());
        return () => undefined;
      }
      if (streams.size >= deps.limits.perProcess) {
        processCapReached({ open: streams.size, perProcess: deps.limits.perProcess });
        throw new RetryLaterError(503, ErrorCode.SERVICE_BUSY, BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
      }
      subscriber ??= subscribe();
      let listeners = byUser.get(userId);
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      // This process alone keeps the shopper's share, so it holds while Redis is away.
      const ownOldest = [...streams].filter(([, stream]) => stream.userId === userId).map(([id]) => id);
      const streamId = `${processId}/${(nextStream += 1)}`;
      const stream: OpenStream = { userId, listener, registration: 'none' };
      streams.set(streamId, stream);
      listeners.add(listener);
      for (const id of ownOldest.slice(0, Math.max(0, ownOldest.length + 1 - deps.limits.perUser))) replace(id);
      register(streamId, stream);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        streams.delete(streamId);
        listeners.delete(listener);
        if (listeners.size === 0 && byUser.get(userId) === listeners) byUser.delete(userId);
        if (!closed) deps.redis.zrem(streamSetOf(userId), streamId).catch((err: Error) => deps.onError(err, 'unregistering an order stream'));
      };
    },
    ready() {
      subscriber ??= subscribe();
      const waited = new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref());
      return Promise.race([subscribed, waited]);
    },
    listenerCount: () => streams.size,
    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const listener of everyListener()) listener.end();
      byUser.clear();
      streams.clear();
      subscriber?.disconnect();
    },
  };
}
