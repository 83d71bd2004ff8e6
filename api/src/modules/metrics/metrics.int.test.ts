import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, scrapeMetrics, startTestApp, type TestApp, type TestUser } from '../../testing';

const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';

let app: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  app = await startTestApp({ metricsToken: METRICS_TOKEN });
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
});

afterAll(async () => {
  await app?.close();
});

const scrapeStatus = async (target: TestApp, authorization?: string) => {
  const response = await fetch(`${target.baseUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });
  const body = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body };
};

describe('who may scrape /api/metrics', () => {
  it('the metrics token and an admin may; a shopper is 403 and no or a wrong token 401, in the error format', async () => {
    expect((await scrapeStatus(app, `Bearer ${METRICS_TOKEN}`)).status).toBe(200);
    expect((await scrapeStatus(app, `Bearer ${admin.token}`)).status).toBe(200);
    const refused = await scrapeStatus(app, `Bearer ${shopper.token}`);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(await scrapeStatus(app)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    expect(await scrapeStatus(app, `Bearer ${METRICS_TOKEN}x`)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
  });

  it('without METRICS_TOKEN only an admin may', async () => {
    const closed = await startTestApp();
    try {
      const closedAdmin = await closed.createUser({ role: 'admin' });
      expect((await scrapeStatus(closed, `Bearer ${METRICS_TOKEN}`)).status).toBe(401);
      expect((await scrapeStatus(closed, `Bearer ${closedAdmin.token}`)).status).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('/metrics outside the API is not the scrape', async () => {
    const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await response.text()).not.toContain('topup_');
  });
});

describe('the scrape', () => {
  it('moves when an order is placed: orders by status, the queue, and the route it was placed on', async () => {
    const fixtures = createFixtures(app.db, app.config.codesKey);
    await fixtures.usdRubRate();
    await fixtures.fundBalance(shopper.id, 'usd', 5000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const before = await scrapeMetrics(app, METRICS_TOKEN);
    const ordersBefore = before.samples('orders').reduce((sum, sample) => sum + Number(sample.value), 0);
    const queuedBefore = before.value('queue_jobs', { queue: 'fulfilment', state: 'waiting' }) ?? 0;

    const requestId = `order-request-${Date.now()}`;
    const placed = await app.request('POST', '/api/orders/topup', {
      token: shopper.token,
      headers: { 'x-request-id': requestId },
      body: { topupData: { service: 'freefire', player_id: '777001', offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 }, currency: 'usd' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.orderId as number;
    expect((await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token })).status).toBe(200);

    const after = await scrapeMetrics(app, METRICS_TOKEN);
    expect(after.samples('orders').reduce((sum, sample) => sum + Number(sample.value), 0)).toBe(ordersBefore + 1);
    expect(after.value('queue_jobs', { queue: 'fulfilment', state: 'waiting' })).toBe(queuedBefore + 1);
    // Requests are counted by the router's pattern, never by their URL.
    expect(after.value('http_request_duration_seconds_count', { method: 'GET', route: '/api/orders/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    const routes = after.samples('http_request_duration_seconds_count').map((sample) => sample.labels?.route);
    expect(routes).not.toContain(`/api/orders/${orderId}`);
    expect(after.samples('http_request_duration_seconds_count')[0]?.labels?.process).toMatch(/^api:/);
    // Node's own metrics, prefixed.
    expect(after.samples('process_cpu_user_seconds_total').length).toBeGreaterThan(0);
    expect(after.value('outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(after.value('exchange_rate_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.value('metrics_source_up', { source: 'postgres' })).toBe(1);

    // The order's fulfilment job remembers the request that placed it, in its outbox row and its data.
    const row = await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw(`payload->>'orderId' = ?`, [String(orderId)]).first();
    expect(row.origin_request_id).toBe(requestId);
    const { Queue } = await import('bullmq');
    const queue = new Queue('fulfilment', { connection: app.redis, prefix: app.config.redisPrefix });
    try {
      expect((await queue.getJob(row.job_id))?.data).toEqual({ orderId, originRequestId: requestId });
    } finally {
      await queue.close();
    }
  });

  it('measures a catalogue read served from memory under its route, like the first one', async () => {
    const count = async () =>
      (await scrapeMetrics(app, METRICS_TOKEN)).value('http_request_duration_seconds_count', { method: 'GET', route: '/api/products', status: '200' }) ?? 0;
    const before = await count();
    // The first read builds the answer through the router; the next two come from the cache before it.
    for (let read = 0; read < 3; read += 1) expect((await app.request('GET', '/api/products')).status).toBe(200);
    expect(await count()).toBe(before + 3);
  });

  it('counts payment webhooks by outcome', async () => {
    const before = (await scrapeMetrics(app, METRICS_TOKEN)).value('payment_webhooks_total', { provider: 'sandbox', outcome: 'refused' }) ?? 0;
    const refused = await app.request('POST', '/api/payment/webhook/sandbox', { body: { event: 'forged' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const after = await scrapeMetrics(app, METRICS_TOKEN);
    expect(after.value('payment_webhooks_total', { provider: 'sandbox', outcome: 'refused' })).toBe(before + 1);
  });
});
