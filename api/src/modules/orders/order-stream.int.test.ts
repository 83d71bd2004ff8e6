import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db';
import { createRedis } from '../../redis';
import { createFixtures } from '../../testing/fixtures';
import { scrapeMetrics } from '../../testing/metrics';
import { startSecondApp, startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { openOrderStream } from '../../testing/order-stream';
import { createOrderFeed, withOrderChangeFeed } from './order-feed';
import { lockOrder, markCompleted } from './order-lifecycle';

const HEARTBEAT_MS = 300;

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
/** Another process of the store, as the workers are: its own database pool and Redis connection. */
let workers: { db: Knex; redis: RedisConnection };

beforeAll(async () => {
  app = await startTestApp({ orderEventsHeartbeatMs: HEARTBEAT_MS });
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  const redis = createRedis(app.config.redisUrl);
  await new Promise((resolve) => redis.once('ready', resolve));
  const pool = createDb(app.config.databaseUrl, { min: 0, max: 2 });
  workers = { redis, db: withOrderChangeFeed(pool, { redis, prefix: app.config.redisPrefix, onError: (err) => console.error(err) }) };
});

afterAll(async () => {
  await workers?.db.destroy();
  workers?.redis.disconnect();
  await app?.close();
});

/** A paid code order, waiting for delivery (no workers run here); resolves to its id. */
async function processingOrder(user: TestUser): Promise<number> {
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, quantity: 1 });
  await fixtures.fundBalance(user.id, 'rub', 197500);
  const response = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'rub' } });
  expect(response.status).toBe(201);
  return response.body.orderId;
}

/** The workers process completes the order, as its delivery would. */
const completeFromWorkers = (orderId: number) =>
  workers.db.transaction(async (trx) => markCompleted(trx, (await lockOrder(trx, orderId))!, 'system'));

/** An open `GET /api/orders/events` of `target` (this test's app by default), read as it arrives. */
const openStream = (token: string, target: TestApp = app, headers: Record<string, string> = {}) => openOrderStream(target, token, headers);

describe('GET /api/orders/events', () => {
  it('refuses a request without a valid session before any stream starts', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'token-in-the-wrong-form' }];
    for (const headers of attempts) {
      const response = await fetch(`${app.baseUrl}/api/orders/events`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
  });

  it("sends the shopper their own order's change made by another process, and nobody else's", async () => {
    const shopper = await app.createUser();
    const other = await app.createUser();
    const orderId = await processingOrder(shopper);
    const othersOrderId = await processingOrder(other);
    const mine = await openStream(shopper.token);
    const theirs = await openStream(other.token);

    const changedAt = Date.now();
    await completeFromWorkers(orderId);
    await expect.poll(() => mine.events).toEqual([{ event: 'order', data: { id: orderId, status: 'completed' } }]);
    expect(Date.now() - changedAt).toBeLessThan(1000);

    // The other shopper's stream hears of their own order next, and never heard of the first.
    await completeFromWorkers(othersOrderId);
    await expect.poll(() => theirs.events).toEqual([{ event: 'order', data: { id: othersOrderId, status: 'completed' } }]);
    expect(mine.events).toHaveLength(1);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('sends the change to every stream of the shopper, on every API process', async () => {
    const second = await startSecondApp(app);
    try {
      const shopper = await app.createUser();
      const orderId = await processingOrder(shopper);
      const streams = [await openStream(shopper.token), await openStream(shopper.token), await openStream(shopper.token, second)];
      await completeFromWorkers(orderId);
      for (const stream of streams) {
        await expect.poll(() => stream.events).toEqual([{ event: 'order', data: { id: orderId, status: 'completed' } }]);
      }
      await Promise.all(streams.map((stream) => stream.close()));
    } finally {
      await second.close();
    }
  });

  it('streams uncompressed and uncached, with a heartbeat, whatever encodings the client accepts', async () => {
    const shopper = await app.createUser();
    const stream = await openStream(shopper.token, app, { 'accept-encoding': 'br, gzip, deflate' });
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    await expect.poll(() => stream.heartbeats(), { timeout: 5 * HEARTBEAT_MS }).toBeGreaterThanOrEqual(2);
    await stream.close();
  });

  it('leaves no listener behind once its clients have gone', async () => {
    const shopper = await app.createUser();
    const before = app.openOrderStreams();
    const first = await openStream(shopper.token);
    const second = await openStream(shopper.token);
    expect(app.openOrderStreams()).toBe(before + 2);
    await first.close();
    await expect.poll(() => app.openOrderStreams()).toBe(before + 1);
    await second.close();
    await expect.poll(() => app.openOrderStreams()).toBe(before);
  });

  it('ends at the next heartbeat once the session is logged out, and a new stream is refused', async () => {
    const shopper = await app.createUser();
    const stream = await openStream(shopper.token);
    expect((await app.request('POST', '/api/logout', { token: shopper.token })).status).toBe(204);
    await expect.poll(() => stream.ended(), { timeout: 5 * HEARTBEAT_MS }).toBe(true);
    expect((await fetch(`${app.baseUrl}/api/orders/events`, { headers: { authorization: `Bearer ${shopper.token}` } })).status).toBe(401);
  });

  it('ends its open streams when its process shuts down, without holding the shutdown', async () => {
    const second = await startSecondApp(app);
    const shopper = await app.createUser();
    const stream = await openStream(shopper.token, second);
    const closing = Date.now();
    await second.close();
    expect(Date.now() - closing).toBeLessThan(1000);
    await expect.poll(() => stream.ended()).toBe(true);
  });
});

describe('how many order streams stay open', () => {
  /** Streams of this shopper still open on these apps' side, all together. */
  const openOn = (...apps: TestApp[]) => apps.reduce((sum, target) => sum + target.openOrderStreams(), 0);

  it("keeps a shopper's newest 5 of hundreds open across two API processes, telling each closed one it was replaced", async () => {
    const second = await startSecondApp(app);
    try {
      const shopper = await app.createUser();
      const before = openOn(app, second);
      const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
      for (let opened = 0; opened < 200; opened += 1) streams.push(await openStream(shopper.token, opened % 2 === 0 ? app : second));

      await expect.poll(() => streams.filter((stream) => !stream.ended()).length, { timeout: 10_000 }).toBe(5);
      expect(openOn(app, second)).toBe(before + 5);
      // The newest stay, wherever they are open; every other one was told why it ended.
      expect(streams.slice(-5).every((stream) => !stream.ended())).toBe(true);
      for (const stream of streams.slice(0, -5)) expect(stream.events).toEqual([{ event: 'replaced', data: undefined }]);
      expect((await app.request('GET', '/api/products')).status).toBe(200);

      // The ones left still hear of the shopper's orders.
      const orderId = await processingOrder(shopper);
      await completeFromWorkers(orderId);
      for (const stream of streams.slice(-5)) {
        await expect.poll(() => stream.events).toEqual([{ event: 'order', data: { id: orderId, status: 'completed' } }]);
      }
      await Promise.all(streams.map((stream) => stream.close()));
      await expect.poll(() => openOn(app, second)).toBe(before);
    } finally {
      await second.close();
    }
  });

  it('closes a stream a newer one replaced at its next heartbeat when the close message was lost', async () => {
    const shopper = await app.createUser();
    const streamSet = `${app.config.redisPrefix}:order-streams:${shopper.id}`;
    const stream = await openStream(shopper.token);
    await expect.poll(() => app.redis.zcard(streamSet)).toBe(1);
    // Another process closed it in Redis, and its message never arrived.
    await app.redis.del(streamSet);
    await expect.poll(() => stream.ended(), { timeout: 5 * HEARTBEAT_MS }).toBe(true);
    expect(stream.events).toEqual([{ event: 'replaced', data: undefined }]);
  });

  it('no longer counts the streams of an API process that stopped without closing them', async () => {
    const shopper = await app.createUser();
    const streamSet = `${app.config.redisPrefix}:order-streams:${shopper.id}`;
    // Five streams of a process that crashed, still in the shopper's set.
    await app.redis.zadd(streamSet, ...[1, 2, 3, 4, 5].flatMap((opened) => [opened, `crashed-process/${opened}`]));
    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    for (let opened = 0; opened < 5; opened += 1) streams.push(await openStream(shopper.token));
    await expect.poll(() => app.redis.zcard(streamSet)).toBe(5);
    expect((await app.redis.zrange(streamSet, 0, -1)).filter((stream) => stream.startsWith('crashed-process/'))).toEqual([]);
    expect(streams.every((stream) => !stream.ended())).toBe(true);
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('refuses streams beyond the process cap with 503 SERVICE_BUSY and Retry-After, while the catalogue answers', async () => {
    const capped = await startSecondApp(app, { orderStreams: { perUser: 5, perProcess: 60 } });
    try {
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => app.createUser()));
      const leave = new AbortController();
      const attempts = await Promise.all(
        shoppers.flatMap((shopper) =>
          Array.from({ length: 5 }, () =>
            fetch(`${capped.baseUrl}/api/orders/events`, { headers: { authorization: `Bearer ${shopper.token}` }, signal: leave.signal }),
          ),
        ),
      );
      const refused = attempts.filter((response) => response.status === 503);
      expect(attempts.filter((response) => response.status === 200)).toHaveLength(60);
      expect(refused).toHaveLength(40);
      expect(capped.openOrderStreams()).toBe(60);
      for (const response of refused) {
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('SERVICE_BUSY');
      }

      const catalogue = await capped.request('GET', '/api/products');
      expect(catalogue.status).toBe(200);
      const admin = await app.createUser({ role: 'admin' });
      expect((await scrapeMetrics(capped, admin.token)).value('order_streams_open')).toBe(60);

      leave.abort();
      await expect.poll(() => capped.openOrderStreams()).toBe(0);
    } finally {
      await capped.close();
    }
  });

  it("keeps a shopper's newest 5 in each process while Redis is away", async () => {
    const offline = await startTestApp({ redisUrl: 'redis://127.0.0.1:1', orderEventsHeartbeatMs: HEARTBEAT_MS });
    try {
      const shopper = await offline.createUser();
      // Opened together: each waits a moment for the order feed, which cannot subscribe.
      const streams = await Promise.all(Array.from({ length: 8 }, () => openStream(shopper.token, offline)));
      await expect.poll(() => streams.filter((stream) => !stream.ended()).length).toBe(5);
      expect(offline.openOrderStreams()).toBe(5);
      const replaced = streams.filter((stream) => stream.ended());
      for (const stream of replaced) expect(stream.events).toEqual([{ event: 'replaced', data: undefined }]);
      await Promise.all(streams.map((stream) => stream.close()));
    } finally {
      await offline.close();
    }
  });

  it('logs a warning when a cap is first reached, not one per stream', async () => {
    const warnings: string[] = [];
    const feed = createOrderFeed({
      redis: app.redis,
      prefix: app.config.redisPrefix,
      limits: { perUser: 1, perProcess: 2 },
      heartbeatMs: HEARTBEAT_MS,
      onError: (err) => console.error(err),
      warn: (message) => warnings.push(message),
    });
    try {
      await feed.ready();
      const open = (userId: number) => {
        const stop = feed.listen(userId, { changed: () => undefined, replaced: () => stop(), end: () => undefined });
      };
      const [first, second, third] = [await app.createUser(), await app.createUser(), await app.createUser()];
      for (let opened = 0; opened < 3; opened += 1) open(first.id);
      open(second.id);
      expect(feed.listenerCount()).toBe(2);
      for (let refused = 0; refused < 3; refused += 1) expect(() => open(third.id)).toThrow(expect.objectContaining({ status: 503 }));
      expect(warnings).toEqual([
        'Order streams closed: a shopper opened more than their share',
        'Order streams refused: this process has its most open',
      ]);
    } finally {
      feed.close();
    }
  });
});
