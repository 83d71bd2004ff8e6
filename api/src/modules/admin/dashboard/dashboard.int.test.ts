import { Worker } from 'bullmq';
import { describe, expect, it, vi } from 'vitest';
import { openQueues } from '../../../lib/job-queues';
import { createRedis } from '../../../redis';
import { expectAdminOnly, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

async function order(fields: { status: string; currency: 'usd' | 'rub'; total: number; completedAt?: string }) {
  await app.db('orders').insert({
    user_id: app.shopper.id,
    status: fields.status,
    kind: 'codes',
    payment_method: 'balance',
    currency: fields.currency,
    total: fields.total,
    total_usd: fields.currency === 'usd' ? fields.total : Math.round(fields.total / 79),
    rate_usd_rub: '79',
    completed_at: fields.completedAt ? app.db.raw(fields.completedAt) : null,
  });
}

/** Makes `count` jobs of a queue fail, as a worker would after their last attempt. */
async function failJobs(queueName: 'fulfilment' | 'rate-update', count: number) {
  const connection = createRedis(app.config.redisUrl, { forQueues: true });
  const queues = openQueues(connection, app.config.redisPrefix);
  const worker = new Worker(queueName, async () => {
    throw new Error('Provider said no');
  }, { connection, prefix: app.config.redisPrefix });
  try {
    for (let index = 0; index < count; index += 1) await queues[queueName].add('test', {}, { attempts: 1 });
    await vi.waitFor(async () => expect(await queues[queueName].getFailedCount()).toBe(count), { timeout: 10_000 });
  } finally {
    await worker.close();
    connection.disconnect();
  }
}

describe('GET /api/admin/dashboard', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(app, app.shopper, [{ method: 'GET', path: '/api/admin/dashboard' }]);
  });

  it('adds up today\'s sales, orders by status, low stock, failed jobs and recent generation requests', async () => {
    // Sales: completed today count; completed yesterday and unfinished orders do not.
    await order({ status: 'completed', currency: 'usd', total: 500, completedAt: 'now()' });
    await order({ status: 'completed', currency: 'usd', total: 1_999, completedAt: "now() - interval '1 minute'" });
    await order({ status: 'completed', currency: 'rub', total: 39_500, completedAt: 'now()' });
    await order({ status: 'completed', currency: 'usd', total: 10_000, completedAt: "now() - interval '1 day'" });
    await order({ status: 'pending', currency: 'usd', total: 100 });
    await order({ status: 'processing', currency: 'rub', total: 7_900 });
    await order({ status: 'processing', currency: 'usd', total: 100 });
    await order({ status: 'failed', currency: 'usd', total: 100 });

    // Manual codes: one option nearly sold out (3 left of 5), one well stocked, one of an inactive product.
    const card = await app.fixtures.product({ title: 'Star Card' });
    await app.fixtures.codes({ productId: card.id, gameAmount: 10, priceUsd: 1_000, priceRub: 79_000, count: 3 });
    await app.fixtures.codes({ productId: card.id, gameAmount: 10, priceUsd: 1_000, priceRub: 79_000, count: 2, status: 'used' });
    await app.fixtures.codes({ productId: card.id, gameAmount: 25, priceUsd: 2_500, priceRub: 197_500, count: 12 });
    const retired = await app.fixtures.product({ title: 'Retired Card', active: false });
    await app.fixtures.codes({ productId: retired.id, gameAmount: 5, priceUsd: 500, priceRub: 39_500, count: 1 });
    // PUBG: an active package with 2 codes is low; an inactive one is not counted.
    const pubgLow = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, ucAmount: 60, codes: 2 });
    await app.fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, ucAmount: 325, codes: 0, active: false });
    await app.fixtures.pubgPackage({ priceUsd: 999, priceRub: 78_921, ucAmount: 660, codes: 10 });
    // Free Fire: sellable means published; unpublished stock does not help.
    const ffProduct = await app.db('products').where({ slug: 'freefire' }).first('id');
    await app.fixtures.generatedCodes({ productId: ffProduct.id, gameAmount: 100, priceUsd: 99, priceRub: 7_821, count: 5 });
    const lowOffer = await app.db('stock_codes').where({ source: 'generated' }).orderBy('number', 'desc').first('denomination_id');
    await app.fixtures.generatedCodes({ productId: ffProduct.id, gameAmount: 310, priceUsd: 299, priceRub: 23_621, count: 15 });
    await app.fixtures.generatedCodes({ productId: ffProduct.id, gameAmount: 520, priceUsd: 499, priceRub: 39_421, count: 20, published: false });
    const unpublishedOffer = await app.db('stock_codes').where({ source: 'generated' }).orderBy('number', 'desc').first('denomination_id');

    // A generation request in progress.
    const [generation] = await app.db('code_generation_requests')
      .insert({ denomination_id: lowOffer.denomination_id, count: 5_000, generated: 2_000, status: 'running' })
      .returning('id');

    await failJobs('fulfilment', 2);

    const response = await app.request('GET', '/api/admin/dashboard', { token: app.admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const dashboard = response.body;

    expect(dashboard.salesToday).toEqual({ usd: 24.99, rub: 395, uzs: 0, orders: 3 });
    // Completed: the four above and the order the two used codes were sold in.
    expect(dashboard.ordersByStatus).toEqual({ pending: 1, processing: 2, completed: 5, failed: 1, cancelled: 0 });

    expect(dashboard.lowStock).toEqual([
      { kind: 'freefire', id: unpublishedOffer.denomination_id, name: expect.any(String), available: 0, threshold: 10 },
      { kind: 'pubg', id: pubgLow.id, name: '60 UC', available: 2, threshold: 10 },
      { kind: 'code', id: card.id, name: 'Star Card · Global · 10 USD · $10.00', available: 3, threshold: 10 },
      { kind: 'freefire', id: lowOffer.denomination_id, name: expect.any(String), available: 5, threshold: 10 },
    ]);

    expect(dashboard.failedJobs).toEqual(
      expect.arrayContaining([
        { queue: 'fulfilment', count: 2 },
        { queue: 'payment-callback', count: 0 },
        { queue: 'code-generation', count: 0 },
        { queue: 'rate-update', count: 0 },
        { queue: 'reservation-expiry', count: 0 },
        { queue: 'supplier-catalogue', count: 0 },
        { queue: 'mail', count: 0 },
      ]),
    );
    expect(dashboard.failedJobs).toHaveLength(7);
    expect(dashboard.generation).toEqual([{ id: generation.id, status: 'running', generated: 2_000, count: 5_000 }]);
  });

  it('refuses query parameters it does not take', async () => {
    const response = await app.request('GET', '/api/admin/dashboard?days=7', { token: app.admin.token });
    expect(response.status).toBe(400);
  });
});
