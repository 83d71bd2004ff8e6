import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLogger, SandboxGameProvider } from '@topup/api';
import { createFixtures, startTestApp, type TestApp } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

/** The order's one item: with the attempt, it makes the reference a supplier credits under. */
const itemIdOf = async (orderId: number): Promise<number> => (await app.db('order_items').where({ order_id: orderId }).first('id')).id;

let app: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  app = await startTestApp();
  workers = await startWorkers(app.config, createLogger('silent', 'workers-test'));
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
});

const settled = (orderId: number, token: string) =>
  vi.waitFor(
    async () => {
      const response = await app.request('GET', `/api/orders/${orderId}`, { token });
      expect(['completed', 'failed']).toContain(response.body.status);
      return response.body;
    },
    { timeout: 10_000, interval: 100 },
  );

it('top-up orders are delivered by the workers through the game provider, and a declined one is refunded', async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  await fixtures.usdRubRate();
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 5000);
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
  const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-E2E', 'UC-E2E-1'] });

  const place = async (topupData: Record<string, unknown>) => {
    const response = await app.request('POST', '/api/orders/topup', { token: shopper.token, body: { topupData, currency: 'usd' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.orderId as number;
  };
  const freefire = await place({ service: 'freefire', player_id: '777001', offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 });
  const pubg = await place({ service: 'pubg', player_id: '777002', offer_id: -1, price_usd: 0.99, price_rub: 78.21, packages: [{ denomination_id: pkg.id }] });
  const declined = await place({ service: 'freefire', player_id: '777013', offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 });

  expect((await settled(freefire, shopper.token)).status).toBe('completed');
  expect((await settled(pubg, shopper.token)).status).toBe('completed');
  expect((await settled(declined, shopper.token)).status).toBe('failed');

  expect(await games.creditsOf('freefire', '777001')).toEqual([expect.objectContaining({ idempotencyKey: `${await itemIdOf(freefire)}-1`, amount: 100 })]);
  expect(await games.creditsOf('pubg', '777002')).toEqual([expect.objectContaining({ idempotencyKey: `order:${pubg}:code:${pkg.codeIds[1]}` })]);
  expect((await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('number', pkg.codeIds).orderBy('number')).map((code) => code.status)).toEqual(['error', 'used']);
  expect(await app.db('balance_ledger').where({ order_id: declined, reason: 'order_refund' })).toEqual([
    expect.objectContaining({ amount: 199, reference: `order:${declined}:refund` }),
  ]);
  // 50.00 - 1.99 - 0.99 - 1.99 + 1.99 (refund).
  expect(await app.db('balances').where({ user_id: shopper.id, currency: 'usd' }).first()).toMatchObject({ amount: 4702 });
});

it('a top-up whose game is down through every attempt ends flagged, unrefunded; Retry delivery completes it once the game answers', async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  const admin = await app.createUser({ role: 'admin' });
  const shopper = await app.createUser();
  await fixtures.usdRubRate();
  await fixtures.fundBalance(shopper.id, 'usd', 199);
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });

  await games.setDeliveryOutage(true);
  try {
    const topupData = { service: 'freefire', player_id: '777301', offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 };
    const placed = await app.request('POST', '/api/orders/topup', { token: shopper.token, body: { topupData, currency: 'usd' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.orderId as number;

    // Five attempts with the queue's exponential backoff (1 + 2 + 4 + 8 s between them).
    const flagged = await vi.waitFor(
      async () => {
        const response = await app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token });
        expect(response.body.attentionReason).toMatch(/deliveries are down/);
        return response.body;
      },
      { timeout: 45_000, interval: 250 },
    );
    expect(flagged.status).toBe('processing');
    const attempts = flagged.timeline.filter((event: { kind: string }) => event.kind === 'delivery_attempt');
    expect(attempts).toHaveLength(5);
    expect(attempts.every((event: { payload: { outcome: string } }) => event.payload.outcome === 'unavailable')).toBe(true);
    expect(flagged.timeline.at(-1)).toMatchObject({ kind: 'attention_raised' });
    expect(await app.db('balance_ledger').where({ order_id: orderId }).pluck('reason')).toEqual(['order_payment']);
    const dashboard = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.needsAttention).toContainEqual(expect.objectContaining({ orderId, flagged: true, reason: flagged.attentionReason }));

    await games.setDeliveryOutage(false);
    const retried = await app.request('POST', `/api/admin/orders/${orderId}/retry-delivery`, { token: admin.token, body: {} });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const again = await app.request('POST', `/api/admin/orders/${orderId}/retry-delivery`, { token: admin.token, body: {} });
    expect(again.body.error.code).toBe('NOTHING_TO_RETRY');

    expect((await settled(orderId, shopper.token)).status).toBe('completed');
    expect(await games.creditsOf('freefire', '777301')).toEqual([expect.objectContaining({ idempotencyKey: `${await itemIdOf(orderId)}-1`, amount: 100 })]);
    const dashboardAfter = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboardAfter.body.needsAttention.map((row: { orderId: number }) => row.orderId)).not.toContain(orderId);
  } finally {
    await games.setDeliveryOutage(false);
  }
}, 90_000);
