import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, queueKeyPrefix } from '@topup/api';
import { createFixtures, openOrderStream, scrapeMetrics, startSecondApp, startTestApp, type TestApp } from '@topup/api/testing';
import { keyHolders } from '@topup/server-kit';
import { startWorkers, type RunningWorkers } from './index';
import { startOwnRedisCluster, type OwnRedisCluster } from './testing/services';

/**
 * The store on a Redis Cluster of three masters (docs/architecture.md#redis-cluster): two API processes
 * and a workers process, all pointed at it by REDIS_URL, take an order from checkout through delivery
 * to the shopper's live status, limit requests and password guesses, drop each other's cached answers
 * and keep BullMQ's keys under their hash tag.
 */
const FORGOT_LIMIT = 3;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };
const HEARTBEAT_MS = 200;
/** Waits poll up to 15 s: the machine is busy, and a cluster's first commands find their nodes. */
const WAIT = { timeout: 15_000, interval: 50 };

let cluster: OwnRedisCluster;
let app: TestApp;
let replica: TestApp;
let workers: RunningWorkers;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  cluster = await startOwnRedisCluster(3);
  const defaults = loadConfig({ NODE_ENV: 'test' });
  app = await startTestApp({
    redisUrl: cluster.url,
    catalogueCacheTtlMs: 600_000,
    orderEventsHeartbeatMs: HEARTBEAT_MS,
    metricsToken: METRICS_TOKEN,
    rateLimits: { ...defaults.rateLimits, passwordForgot: { points: FORGOT_LIMIT, durationSeconds: 600 } },
  });
  replica = await startSecondApp(app);
  await Promise.all([app.invalidations.ready(), replica.invalidations.ready()]);
  workers = await startWorkers(app.config, createLogger('silent', 'cluster-test'));
  fixtures = createFixtures(app.db, app.config.codesKey, app.invalidations);
  await fixtures.usdRubRate('79');
}, 60_000);

afterAll(async () => {
  await workers?.close();
  await replica?.close();
  await app?.close();
  await cluster?.stop();
});

const optionCounts = async (on: TestApp, productId: number) =>
  ((await on.request('GET', `/api/products/${productId}/codes/0`)).body as Array<{ game_amount: number; available_count: number }>).map(
    (option) => [option.game_amount, option.available_count],
  );

/** Every key of the cluster's masters matching `pattern`: each master answers SCAN for its own slots only. */
async function clusterKeys(pattern: string): Promise<string[]> {
  const found = await Promise.all(keyHolders(app.redis).map((node) => node.keys(pattern)));
  return found.flat();
}

describe('the store on a Redis Cluster', () => {
  it('takes a code order from checkout to delivery, and the shopper sees it complete live; the other API process drops its cached stock', async () => {
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 2 });
    expect(await optionCounts(replica, product.id)).toEqual([[10, 2]]);
    const shopper = await app.createUser();
    await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
    await fixtures.fundBalance(shopper.id, 'usd', OPTION.priceUsd);
    const stream = await openOrderStream(replica, shopper.token);
    try {
      await expect.poll(() => replica.openOrderStreams(), WAIT).toBe(1);
      const paid = await app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
      expect(paid.status).toBe(201);
      const orderId = paid.body.orderId as number;

      await expect.poll(() => stream.events, WAIT).toContainEqual({ event: 'order', data: { id: orderId, status: 'completed' } });
      expect(await app.db('orders').where({ id: orderId }).first('status')).toEqual({ status: 'completed' });
      await expect.poll(() => optionCounts(replica, product.id), WAIT).toEqual([[10, 1]]);
    } finally {
      await stream.close();
    }
  });

  it("keeps every open stream registered through the heartbeats, whichever masters hold the shoppers' sets", async () => {
    const shoppers = await Promise.all([1, 2, 3].map(() => app.createUser()));
    const streams = await Promise.all(shoppers.map((shopper) => openOrderStream(replica, shopper.token)));
    try {
      await expect.poll(() => replica.openOrderStreams(), WAIT).toBe(shoppers.length);
      const registered = () => Promise.all(shoppers.map((shopper) => app.redis.zcard(`${app.config.redisPrefix}:order-streams:${shopper.id}`)));
      await expect.poll(registered, WAIT).toEqual([1, 1, 1]);
      // A set lives three heartbeats unless refreshed: after five, each is still there only by the refresh.
      const since = Date.now();
      await expect.poll(async () => Date.now() - since > 5 * HEARTBEAT_MS && (await registered()).every((count) => count === 1), WAIT).toBe(true);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('keeps BullMQ keys under the hash-tagged prefix, in one slot', async () => {
    const tagged = await clusterKeys(`${queueKeyPrefix(app.redis, app.config.redisPrefix)}:fulfilment:*`);
    expect(queueKeyPrefix(app.redis, app.config.redisPrefix)).toBe(`{${app.config.redisPrefix}}`);
    expect(tagged.length).toBeGreaterThan(0);
    expect(await clusterKeys(`${app.config.redisPrefix}:fulfilment:*`)).toEqual([]);
    const slots = await Promise.all(tagged.map((key) => app.redis.cluster('KEYSLOT', key)));
    expect(new Set(slots).size).toBe(1);
  });

  it('refuses requests over a rate limit, counted across both API processes', async () => {
    const forgot = (on: TestApp) => on.request('POST', '/api/password/forgot', { body: { email: 'nobody@mail.test' } });
    for (let i = 0; i < FORGOT_LIMIT; i += 1) expect((await forgot(i % 2 === 0 ? app : replica)).status).toBe(202);
    const limited = await forgot(replica);
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("blocks a nickname's password guesses from one address, counted across both API processes", async () => {
    const shopper = await app.createUser();
    const guess = (on: TestApp) =>
      on.request('POST', '/api/login', { body: { nickname: shopper.nickname, password: 'wrong-guess' }, headers: { 'x-forwarded-for': '203.0.113.7' } });
    for (let i = 0; i < app.config.loginProtection.pair.failures; i += 1) expect((await guess(i % 2 === 0 ? app : replica)).status).toBe(401);
    const blocked = await guess(replica);
    expect([blocked.status, blocked.body.error.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it("shows the queues' failed jobs on the back office's dashboard, read from the cluster", async () => {
    const admin = await app.createUser({ role: 'admin' });
    const response = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.failedJobs).toContainEqual({ queue: 'fulfilment', count: 0 });
  });

  it("answers the workers process's metrics, published to the cluster", async () => {
    await expect
      .poll(async () => (await scrapeMetrics(app, METRICS_TOKEN)).samples('job_duration_seconds_count').map((sample) => sample.labels?.queue), WAIT)
      .toContain('fulfilment');
  });
});
