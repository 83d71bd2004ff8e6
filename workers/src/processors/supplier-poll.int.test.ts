import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import { createLogger } from '@topup/api';
import { createFixtures, scrapeMetrics, startSeagmTestStore, type SeagmStandIn, type TestApp } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';
import { SUPPLIER_POLL_FIRST_MS } from './fulfilment.processor';

const UID = '10000';
const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
const SECRET = 'a-seagm-secret-for-the-poll-test';

let app: TestApp;
let seagm: SeagmStandIn;
let workers: RunningWorkers;
let fulfilmentQueue: Queue;

beforeAll(async () => {
  // No notice address: SEAGM's answer reaches the store only by the store looking the order up.
  ({ seagm, app } = await startSeagmTestStore({ uid: UID, secret: SECRET }, { metricsToken: METRICS_TOKEN }));
  workers = await startWorkers(app.config, createLogger('silent', 'supplier-poll-test'));
  fulfilmentQueue = new Queue('fulfilment', { connection: app.redis, prefix: app.config.redisPrefix });
});

afterAll(async () => {
  await workers?.close();
  await fulfilmentQueue?.close();
  await app?.close();
  await seagm?.close();
});

it('a SEAGM order left pending is looked up again by the waiting job, without spending its attempts, until it lands once', async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 10_000);
  const supplier = await app.db('suppliers').where({ kind: 'seagm' }).first('id');
  const [product] = await app
    .db('supplier_products')
    .insert({ supplier_id: supplier.id, external_id: '101', name: 'PUBG Mobile (Global) 60 UC', fields: JSON.stringify([{ name: 'user_id', label: 'User ID' }]), cost: 86, cost_currency: 'USD', available: true })
    .returning('id');
  const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_900, ucAmount: 60 });
  await app.db('game_denomination_sources').where({ denomination_id: pkg.id }).delete();
  await app.db('game_denomination_sources').insert({ denomination_id: pkg.id, kind: 'supplier', supplier_product_id: product.id, priority: 1 });

  const placed = await app.request('POST', '/api/orders/topup', {
    token: shopper.token,
    body: { currency: 'usd', topupData: { service: 'pubg', player_id: '5123457', offer_id: -1, price_usd: 0.99, price_rub: 0, packages: [{ denomination_id: pkg.id, quantity: 1 }] } },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId: number = placed.body.orderId;

  // SEAGM took the order and keeps it waiting: the delivery job waits too, its attempts untouched.
  await vi.waitFor(() => expect(seagm.orders).toHaveLength(1), { timeout: 20_000, interval: 100 });
  const job = await vi.waitFor(
    async () => {
      const [delayed] = await fulfilmentQueue.getDelayed();
      expect(delayed?.data).toMatchObject({ orderId, supplierPolls: 1 });
      return delayed!;
    },
    { timeout: 20_000, interval: 100 },
  );
  expect(job.attemptsMade).toBe(0);
  expect((await app.db('orders').where({ id: orderId }).first('status')).status).toBe('processing');

  // SEAGM completes it, telling nobody; the next look-up finds it.
  await seagm.finish(seagm.orders[0]!.mchOrderId, 10003);
  await vi.waitFor(async () => expect((await app.db('orders').where({ id: orderId }).first('status')).status).toBe('completed'), {
    timeout: SUPPLIER_POLL_FIRST_MS * 4 + 20_000,
    interval: 200,
  });
  expect(seagm.orders).toHaveLength(1);
  expect(await app.db('supplier_orders').where({ order_id: orderId }).select('status')).toEqual([{ status: 'succeeded' }]);

  // The calls are timed by supplier, operation and answer: the order sent and left pending, then found done.
  await vi.waitFor(
    async () => {
      const scrape = await scrapeMetrics(app, METRICS_TOKEN);
      const calls = (operation: string, outcome: string) =>
        scrape.value('supplier_call_duration_seconds_count', { supplier: 'seagm', operation, outcome }) ?? 0;
      expect(calls('deliver', 'pending')).toBe(1);
      expect(calls('find', 'succeeded')).toBe(1);
    },
    { timeout: 20_000, interval: 500 },
  );
});
