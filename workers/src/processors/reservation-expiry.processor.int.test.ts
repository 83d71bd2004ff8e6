import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueChanges, createLogger } from '@topup/api';
import { createFixtures, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { startWorkers } from '../index';
import { createQueues } from '../queues';
import { schedulesFor, startSchedules } from '../schedules';
import { createReservationExpiryProcessor } from './reservation-expiry.processor';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
const logger = createLogger('silent', 'expiry-test');

beforeAll(async () => {
  // Cached catalogue answers live far longer than a test: one that changes, an invalidation changed.
  app = await startTestApp({ catalogueCacheTtlMs: 600_000 });
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate();
});

afterAll(async () => {
  await app?.close();
});

/** A card order for one code whose hold has run out; resolves to the order and its code. */
async function lapsedCardOrder(shopper: TestUser) {
  const product = await fixtures.product();
  const [codeId] = await fixtures.codes({ productId: product.id, gameAmount: 5, priceUsd: 500, priceRub: 39500, count: 1 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 5, priceUsd: 500, priceRub: 39500, quantity: 1 });
  const created = await app.request('POST', '/api/payment/create', { token: shopper.token, body: { amount: 5, currency: 'usd', type: 'order' } });
  expect(created.status).toBe(201);
  await fixtures.lapseHold(created.body.orderId);
  return { orderId: created.body.orderId as number, codeId: codeId!, productId: product.id };
}

const codeOf = (codeId: number) => app.db('stock_codes').where({ source: 'manual' }).where({ number: codeId }).first('status', 'order_id', 'reserved_until');
const orderOf = (orderId: number) => app.db('orders').where({ id: orderId }).first('status', 'notices');

describe('the reservation-expiry processor', () => {
  it('cancels lapsed card orders and puts their codes back on sale, once', async () => {
    const shopper = await app.createUser();
    const { orderId, codeId } = await lapsedCardOrder(shopper);
    const processor = createReservationExpiryProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const job = { data: { bucket: 'test' } } as Job<{ bucket: string }>;

    const first = (await processor(job)) as { orders: number; codes: number };
    expect(first.orders).toBeGreaterThanOrEqual(1);
    expect(await orderOf(orderId)).toEqual({ status: 'cancelled', notices: [{ code: 'PAYMENT_EXPIRED', params: {} }] });
    expect(await codeOf(codeId)).toEqual({ status: 'available', order_id: null, reserved_until: null });
    expect(await processor(job)).toEqual({ orders: 0, codes: 0, idempotencyKeysPruned: 0 });
  });
});

/** The queue also carries the delivery sweep and the hourly outbox pruning. */
const RESERVATION_EXPIRY_SCHEDULES = () => schedulesFor(app.config).filter((schedule) => schedule.queue === 'reservation-expiry');

describe('the reservation-expiry schedule', () => {
  it('two processes upserting the schedules leave one scheduler and one pending run of each', async () => {
    const config = { ...app.config, redisPrefix: `${app.config.redisPrefix}:schedules` };
    const processes = [createQueues(config, logger), createQueues(config, logger)];
    try {
      const started = processes.map((queues) => startSchedules(queues, logger, schedulesFor(config)));
      await Promise.all(started.map((schedules) => schedules.ready));
      await startSchedules(processes[0]!, logger, schedulesFor(config)).ready;

      const queue = processes[0]!.byName['reservation-expiry'];
      const byKey = <T,>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));
      const schedulers = byKey(await queue.getJobSchedulers(), (scheduler) => scheduler.key);
      expect(schedulers).toEqual(
        byKey(RESERVATION_EXPIRY_SCHEDULES(), (schedule) => schedule.id).map((schedule) =>
          expect.objectContaining({ key: schedule.id, name: schedule.jobName, every: 'everyMs' in schedule.timing ? schedule.timing.everyMs : undefined }),
        ),
      );
      expect(schedulers.map((scheduler) => scheduler.key)).toContain('reservation-expiry');
      const runs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
      expect(byKey(runs.map((job) => `${job.name} ${JSON.stringify(job.data)}`), String)).toEqual(
        byKey(RESERVATION_EXPIRY_SCHEDULES().map((schedule) => `${schedule.jobName} ${JSON.stringify(schedule.data)}`), String),
      );
    } finally {
      await Promise.all(processes.map((queues) => queues.close()));
    }
  });

  it('the workers process sets the schedule up at start and runs expiry jobs', async () => {
    const workers = await startWorkers(app.config, logger);
    try {
      const queues = createQueues(app.config, logger);
      try {
        await vi.waitFor(async () => expect(await queues.byName['reservation-expiry'].getJobSchedulersCount()).toBe(RESERVATION_EXPIRY_SCHEDULES().length), { timeout: 10_000 });
      } finally {
        await queues.close();
      }

      // An on-demand run through the outbox, as the schedule's runs go through the same worker.
      const shopper = await app.createUser();
      const { orderId, codeId, productId } = await lapsedCardOrder(shopper);
      const options = async () => (await app.request('GET', `/api/products/${productId}/codes/0`)).body;
      expect(await options()).toEqual([]);
      await app.db('outbox').insert({ queue: 'reservation-expiry', job_name: 'expire-holds', payload: { bucket: 'on-demand' } });
      await vi.waitFor(async () => expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled' }), { timeout: 10_000, interval: 100 });
      expect(await codeOf(codeId)).toMatchObject({ status: 'available' });
      // The workers' invalidation reaches the API process: the code is on sale again in its cached catalogue.
      await vi.waitFor(async () => expect(await options()).toEqual([expect.objectContaining({ available_count: 1 })]), { timeout: 10_000, interval: 50 });
    } finally {
      await workers.close();
    }
  });
});
