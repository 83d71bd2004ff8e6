/**
 * Losing Redis never loses a paid order (docs/architecture.md, "No paid order stranded by Redis"): a Redis that
 * comes back empty under checkout load, a database recreated against a Redis that kept its keys, and
 * schedules wiped from Redis. Each test uses a Redis of its own: a redis-server on a free port, or a
 * key prefix of its own on the shared one, which is never stopped or flushed.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLogger, openQueues } from '@topup/api';
import { createFixtures, decideOnSandboxPage, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from './index';
import { sweepLostJobs } from './processors/delivery-sweep';
import { createQueues, type JobQueues } from './queues';
import { schedulesFor, startSchedules } from './schedules';
import { deleteRedisKeys, freePort, startOwnRedis, stopChild, testRedisPrefix } from './testing/services';

const logger = createLogger('silent', 'redis-loss-test');

/** The one price option these tests sell (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 500, priceRub: 39_500 };

/** `count` shoppers, each with the balance for one code of a fresh product and that code in the cart. */
async function shoppersWithCarts(app: TestApp, count: number): Promise<TestUser[]> {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const product = await fixtures.product({ title: 'Redis Loss Card' });
  await fixtures.codes({ productId: product.id, ...OPTION, count });
  const shoppers: TestUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const shopper = await app.createUser();
    await fixtures.fundBalance(shopper.id, 'usd', OPTION.priceUsd);
    await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
    shoppers.push(shopper);
  }
  return shoppers;
}

/** Checks the shoppers out from their balance, all at once; resolves to their order ids. */
async function checkOut(app: TestApp, shoppers: TestUser[]): Promise<number[]> {
  const responses = await Promise.all(
    shoppers.map((shopper) => app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } })),
  );
  for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(201);
  return responses.map((response) => response.body.orderId as number);
}

const fulfilmentRows = (app: TestApp, orderIds: number[]) =>
  app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("(payload->>'orderId')::bigint = ANY (?)", [orderIds]);

async function waitUntilCompleted(app: TestApp, orderIds: number[], timeout: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const open = await app.db('orders').whereIn('id', orderIds).whereNot({ status: 'completed' }).pluck('id');
      expect(open).toEqual([]);
    },
    { timeout, interval: 250 },
  );
}

/** Every order completed with exactly its one code, paid once and never refunded. */
async function expectEachDeliveredOnce(app: TestApp, orderIds: number[]): Promise<void> {
  const codes = await app.db('stock_codes').where({ source: 'manual' }).whereIn('order_id', orderIds).select('order_id', 'status');
  expect(codes).toHaveLength(orderIds.length);
  expect(new Set(codes.map((code) => code.order_id)).size).toBe(orderIds.length);
  for (const code of codes) expect(code.status).toBe('used');
  const ledger = await app.db('balance_ledger').whereIn('order_id', orderIds).select('order_id', 'reason', 'amount');
  expect(ledger).toHaveLength(orderIds.length);
  for (const row of ledger) expect(row).toMatchObject({ reason: 'order_payment', amount: -OPTION.priceUsd });
}

describe('Redis restarted empty under checkout load', () => {
  let redisServer: ChildProcess | undefined;
  let app: TestApp | undefined;
  let workers: RunningWorkers | undefined;
  let queues: JobQueues | undefined;

  afterAll(async () => {
    await workers?.close();
    await queues?.close();
    await app?.close();
    if (redisServer) await stopChild(redisServer, 'SIGKILL');
  });

  it('completes every paid order, each delivered once, the lost jobs queued again by the sweep', async () => {
    const port = await freePort();
    redisServer = await startOwnRedis(port);
    app = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}`, deliverySweepSeconds: 2 });
    const testApp = app;
    await createFixtures(testApp.db, testApp.config.codesKey).usdRubRate();
    workers = await startWorkers(testApp.config, logger);
    queues = createQueues(testApp.config, logger);
    const fulfilment = queues.byName.fulfilment;

    const shoppers = await shoppersWithCarts(testApp, 120);
    const before = await checkOut(testApp, shoppers.slice(0, 40));

    // As under real load, jobs wait in Redis when it dies: the queue is held for a moment so that
    // these orders' jobs are certainly sent (their rows marked dispatched) and still waiting.
    await fulfilment.pause();
    const lost = await checkOut(testApp, shoppers.slice(40, 80));
    await vi.waitFor(
      async () => expect((await fulfilmentRows(testApp, lost)).every((row) => row.dispatched_at !== null)).toBe(true),
      { timeout: 10_000, interval: 100 },
    );
    expect(await fulfilment.getWaitingCount()).toBeGreaterThan(0);

    // Killed without saving and started again empty, while the last shoppers check out.
    const restart = (async () => {
      await stopChild(redisServer!, 'SIGKILL');
      await vi.waitFor(() => expect(testApp.redis.status).not.toBe('ready'), { timeout: 10_000, interval: 50 });
      redisServer = await startOwnRedis(port);
    })();
    const [during] = await Promise.all([checkOut(testApp, shoppers.slice(80)), restart]);

    const orderIds = [...before, ...lost, ...during];
    await waitUntilCompleted(testApp, orderIds, 90_000);
    await expectEachDeliveredOnce(testApp, orderIds);

    // The jobs Redis lost were found by the sweep, which queued those deliveries again.
    const swept = await testApp.db('order_events').whereIn('order_id', lost).where({ kind: 'retry_requested' }).select('order_id', 'payload', 'actor_id');
    expect(swept.length).toBeGreaterThan(0);
    for (const event of swept) expect(event).toMatchObject({ actor_id: null, payload: { cause: 'job_lost' } });
    // None of them was flagged for a person.
    expect(await testApp.db('orders').whereIn('id', orderIds).whereNotNull('attention_since').count({ n: '*' }).first()).toEqual({ n: 0 });
  }, 180_000);
});

describe('the sweep of lost jobs', () => {
  let app: TestApp;
  let queues: ReturnType<typeof openQueues>;
  let workers: RunningWorkers | undefined;
  const sweep = () => sweepLostJobs({ db: app.db, queues, graceSeconds: 60, logger });
  /** Takes jobs out of BullMQ as an emptied Redis would, and dates their sending 10 minutes back. */
  const loseJobs = async (queue: 'fulfilment' | 'payment-callback', rows: Array<{ id: number; job_id: string }>) => {
    for (const row of rows) await queues[queue].remove(row.job_id);
    await app.db('outbox').whereIn('id', rows.map((row) => row.id)).update({ dispatched_at: app.db.raw("now() - interval '10 minutes'") });
  };

  beforeAll(async () => {
    app = await startTestApp();
    await createFixtures(app.db, app.config.codesKey).usdRubRate();
    queues = openQueues(app.redis, app.config.redisPrefix);
  });

  afterAll(async () => {
    await workers?.close();
    await Promise.all(Object.values(queues ?? {}).map((queue) => queue.close()));
    await app?.close();
  });

  it('queues again only the unflagged processing orders whose job is gone past the grace, once', async () => {
    // Paid, their jobs waiting in BullMQ: no workers run here.
    const [live, lost, flagged, recent] = await checkOut(app, await shoppersWithCarts(app, 4));
    const orderIds = [live!, lost!, flagged!, recent!];
    await vi.waitFor(async () => expect((await fulfilmentRows(app, orderIds)).every((row) => row.dispatched_at !== null)).toBe(true), { timeout: 15_000 });
    await loseJobs('fulfilment', await fulfilmentRows(app, [lost!, flagged!]));
    await queues.fulfilment.remove((await fulfilmentRows(app, [recent!]).first()).job_id);
    await app.db('orders').where({ id: flagged }).update({ attention_reason: 'Out of attempts', attention_since: app.db.fn.now() });
    await fulfilmentRows(app, [live!]).update({ dispatched_at: app.db.raw("now() - interval '10 minutes'") });

    expect((await sweep()).deliveries).toEqual({ checked: 2, requeued: 1 });
    const jobsOf = async (orderId: number) => (await fulfilmentRows(app, [orderId]).orderBy('id')).map((row) => row.job_id as string);
    for (const untouched of [live, flagged, recent]) expect(await jobsOf(untouched!)).toHaveLength(1);
    const [lostJob, newJob] = await jobsOf(lost!);
    // Written to the outbox, for the relay to send (this database has no dispatcher of its own).
    expect(await app.db('outbox').where({ job_id: newJob }).first('dispatched_at')).toEqual({ dispatched_at: null });
    expect(await app.db('order_events').where({ order_id: lost, kind: 'retry_requested' }).select('actor_id', 'payload')).toEqual([
      { actor_id: null, payload: { cause: 'job_lost', lostJobId: lostJob } },
    ]);

    // Its new job is waiting to be sent: nothing is queued twice.
    expect((await sweep()).deliveries).toEqual({ checked: 1, requeued: 0 });
    expect(await fulfilmentRows(app, orderIds)).toHaveLength(5);
  });

  it('applies a paid gateway event whose job Redis lost, and the order is delivered', async () => {
    const [shopper] = await shoppersWithCarts(app, 1);
    const created = await app.request('POST', '/api/payment/create', { token: shopper!.token, body: { amount: 5, currency: 'usd', type: 'order' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.orderId as number;
    expect(await decideOnSandboxPage(app, new URL(created.body.pay_url).pathname, 'pay')).toBe(`/orders/${orderId}`);
    const applyRows = () => app.db('outbox').where({ queue: 'payment-callback', job_name: 'apply-gateway-event' }).orderBy('id');
    await vi.waitFor(async () => expect((await applyRows()).filter((row) => row.dispatched_at !== null)).toHaveLength(1), { timeout: 15_000 });
    await loseJobs('payment-callback', await applyRows());

    expect((await sweep()).gatewayEvents).toEqual({ checked: 1, requeued: 1 });
    expect(await applyRows()).toHaveLength(2);
    expect((await sweep()).gatewayEvents).toEqual({ checked: 0, requeued: 0 });

    workers = await startWorkers(app.config, logger);
    await waitUntilCompleted(app, [orderId], 30_000);
    expect(await app.db('payments').where({ order_id: orderId }).pluck('status')).toEqual(['paid']);
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).pluck('status')).toEqual(['used']);
  });
});

describe('a database recreated against a Redis that kept its keys', () => {
  const apps: TestApp[] = [];
  let workers: RunningWorkers | undefined;

  afterEach(async () => {
    await workers?.close();
    for (const app of apps.reverse()) await app.close();
  });

  /** A paid order on `app`, delivered by a workers process of its own; resolves to its outbox row. */
  async function deliveredOrder(app: TestApp): Promise<{ id: number; orderId: number }> {
    await createFixtures(app.db, app.config.codesKey).usdRubRate();
    const [orderId] = await checkOut(app, await shoppersWithCarts(app, 1));
    workers = await startWorkers(app.config, logger);
    await waitUntilCompleted(app, [orderId!], 30_000);
    await workers.close();
    workers = undefined;
    const [row] = await fulfilmentRows(app, [orderId!]).select('id');
    return { id: row.id, orderId: orderId! };
  }

  it("runs the new database's jobs, though its outbox row ids repeat the old one's", async () => {
    const first = await startTestApp();
    apps.push(first);
    const old = await deliveredOrder(first);

    // The same Redis and key prefix, on a fresh database: its rows count from the start again.
    const second = await startTestApp({ redisPrefix: first.config.redisPrefix });
    apps.push(second);
    const recreated = await deliveredOrder(second);
    expect(recreated).toEqual(old);
    await expectEachDeliveredOnce(second, [recreated.orderId]);
  }, 90_000);
});

describe('the schedules', () => {
  it('are put back when Redis loses them', async () => {
    const config = { redisUrl: inject('redisUrl'), redisPrefix: testRedisPrefix(), deliverySweepSeconds: 60, supplierBalanceSeconds: 300 };
    const queues = createQueues(config, logger);
    const schedules = schedulesFor(config);
    const running = startSchedules(queues, logger, schedules, { checkMs: 200 });
    const schedulerIds = async () =>
      (await Promise.all(Object.values(queues.byName).map((queue) => queue.getJobSchedulers())))
        .flat()
        .map((scheduler) => scheduler.key)
        .sort();
    try {
      await running.ready;
      const all = schedules.map((schedule) => schedule.id).sort();
      expect(await schedulerIds()).toEqual(all);

      // Everything of this store's in Redis gone, as after a restart without its data.
      await deleteRedisKeys(config.redisUrl, config.redisPrefix);
      expect(await schedulerIds()).toEqual([]);

      await vi.waitFor(async () => expect(await schedulerIds()).toEqual(all), { timeout: 10_000, interval: 100 });
    } finally {
      running.stop();
      await queues.close();
      await deleteRedisKeys(config.redisUrl, config.redisPrefix);
    }
  });
});
