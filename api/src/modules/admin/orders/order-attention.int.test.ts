import type { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { SandboxGameProvider } from '../../../providers/game';
import { auditRowsOf, listPath } from '../../../testing/admin-api';
import { createFixtures } from '../../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/harness';
import { openQueue } from '../../../lib/job-queues';
import { createFulfilmentService, type FulfilmentService } from '../../fulfilment/fulfilment.service';

/**
 * An order's timeline, the needs-attention flag of a delivery that ran out of attempts, Retry delivery
 * and notes, through the back-office API. The fulfilment job's attempts are run here one by one, the
 * last one as the queue's final attempt; the workers' own tests run them through BullMQ.
 */
let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;
let games: SandboxGameProvider;
let admin: TestUser;
let otherAdmin: TestUser;
let fulfilmentQueue: Queue;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  fulfilment = createFulfilmentService({
    db: app.db,
    logger: pino({ level: 'silent' }),
    games,
    codeCrypto: createCodeCrypto(app.config.codesKey),
  });
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
  otherAdmin = await app.createUser({ role: 'admin' });
  fulfilmentQueue = openQueue('fulfilment', app.redis, app.config.redisPrefix);
});

afterAll(async () => {
  await fulfilmentQueue?.close();
  await games?.setDeliveryOutage(false);
  await app?.close();
});

const ATTEMPTS = 5;
const OUTAGE = 'Sandbox game provider: deliveries are down (simulated outage)';

const as = (user: TestUser, method: string, path: string, body?: unknown) => app.request(method, path, { token: user.token, body });
const fulfilmentJobs = async (orderId: number) =>
  (await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("(payload->>'orderId')::bigint = ?", [orderId])).length;
const kindsOf = async (orderId: number) => (await app.db('order_events').where({ order_id: orderId }).orderBy('id')).map((event) => event.kind);

let players = 0;
/** A Free Fire top-up of 1.99 USD paid from the balance: processing, its delivery job queued. */
async function freefireOrder(shopper: TestUser) {
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
  await fixtures.fundBalance(shopper.id, 'usd', 199);
  const topupData = { service: 'freefire', player_id: `${500_000 + (players += 1)}7`, offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 };
  const response = await app.request('POST', '/api/orders/topup', { token: shopper.token, body: { topupData, currency: 'usd' } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.orderId as number;
}

/**
 * Takes the order's latest delivery job out of BullMQ, once the API has sent it there: as Redis
 * restarted empty would, or as a job that ran out of attempts, which no longer runs.
 */
async function dropDeliveryJob(orderId: number) {
  const latest = () => app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)]).orderBy('id', 'desc').first();
  await vi.waitFor(async () => expect((await latest()).dispatched_at).not.toBeNull(), { timeout: 15_000 });
  const { job_id: jobId } = await latest();
  expect(await fulfilmentQueue.getJobState(jobId)).toBe('waiting');
  await fulfilmentQueue.remove(jobId);
}

/** Runs the delivery job's every attempt while the game is down: each fails, the last one for good. */
async function exhaustAttempts(orderId: number) {
  await games.setDeliveryOutage(true);
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      await expect(fulfilment.fulfilOrder(orderId, { finalAttempt: attempt === ATTEMPTS })).rejects.toThrow(OUTAGE);
    }
  } finally {
    await games.setDeliveryOutage(false);
  }
  await dropDeliveryJob(orderId);
}

describe('a delivery that runs out of attempts', () => {
  it('leaves the order processing and unrefunded, flagged with the reason, on the dashboard, and late to the shopper', async () => {
    const shopper = await app.createUser();
    const orderId = await freefireOrder(shopper);
    await exhaustAttempts(orderId);

    const order = await app.db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ status: 'processing', attention_reason: OUTAGE, attention_since: expect.any(Date) });
    expect(await app.db('balance_ledger').where({ order_id: orderId }).pluck('reason')).toEqual(['order_payment']);

    const detail = await as(admin, 'GET', `/api/admin/orders/${orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'processing', attentionReason: OUTAGE, attentionSince: expect.any(String) });
    expect(detail.body.timeline.map((event: { kind: string }) => event.kind)).toEqual([
      'placed',
      ...Array(ATTEMPTS).fill('delivery_attempt'),
      'attention_raised',
    ]);
    expect(detail.body.timeline[1]).toMatchObject({ actorId: null, payload: { supplier: 'sandbox', outcome: 'unavailable', detail: OUTAGE } });
    expect(detail.body.timeline.at(-1)).toMatchObject({ kind: 'attention_raised', payload: { reason: OUTAGE } });

    const flagged = await as(admin, 'GET', listPath('/api/admin/orders', { filter: { needsAttention: true } }));
    expect(flagged.body.map((row: { id: number }) => row.id)).toContain(orderId);
    expect(flagged.body.every((row: { attentionReason: string | null }) => row.attentionReason !== null)).toBe(true);

    const dashboard = await as(admin, 'GET', '/api/admin/dashboard');
    expect(dashboard.body.needsAttention).toContainEqual(
      expect.objectContaining({ orderId, flagged: true, reason: OUTAGE, userNickname: shopper.nickname, kind: 'topup' }),
    );

    const shopperView = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
    expect(shopperView.body).toMatchObject({ status: 'processing', delayed: true });
    expect(JSON.stringify(shopperView.body)).not.toContain('outage');
  });

  it('is delivered by Retry delivery once the game answers; a second retry is refused and queues nothing', async () => {
    const shopper = await app.createUser();
    const orderId = await freefireOrder(shopper);
    await exhaustAttempts(orderId);
    expect(await fulfilmentJobs(orderId)).toBe(1);

    const retried = await as(admin, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'processing', attentionReason: null, attentionSince: null });
    expect(await fulfilmentJobs(orderId)).toBe(2);

    // A double click, or a second admin on the same order: nothing left to retry.
    for (const who of [admin, otherAdmin]) {
      const again = await as(who, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {});
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('NOTHING_TO_RETRY');
    }
    expect(await fulfilmentJobs(orderId)).toBe(2);
    const audit = await auditRowsOf(app, 'order', orderId);
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([['order.retry_delivery', admin.id]]);

    await fulfilment.fulfilOrder(orderId, { finalAttempt: false });
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'completed', attention_reason: null, attention_since: null });
    expect(await games.creditsOf('freefire', (await app.db('order_items').where({ order_id: orderId }).first()).topup_data.player_id)).toHaveLength(1);
    expect((await as(shopper, 'GET', `/api/orders/${orderId}`)).body).toMatchObject({ status: 'completed', delayed: false });

    const { body } = await as(admin, 'GET', `/api/admin/orders/${orderId}`);
    const tail = body.timeline.slice(ATTEMPTS + 2);
    expect(tail.map((event: { kind: string }) => event.kind)).toEqual(['attention_cleared', 'retry_requested', 'delivery_attempt', 'status_changed']);
    expect(tail[1]).toMatchObject({ actorId: admin.id, actorNickname: admin.nickname, requestId: expect.any(String) });
    expect(tail[2].payload).toMatchObject({ supplier: 'sandbox', outcome: 'succeeded', supplierOrderId: expect.stringMatching(/^SBX-/) });
    expect(tail[3].payload).toMatchObject({ from: 'processing', to: 'completed' });
    expect((await as(admin, 'GET', listPath('/api/admin/orders', { filter: { needsAttention: true } }))).body.map((row: { id: number }) => row.id)).not.toContain(orderId);
  });

  it('puts an unflagged order still processing after ATTENTION_AFTER_MINUTES on the dashboard too, newest problem first', async () => {
    const shopper = await app.createUser();
    const slow = await freefireOrder(shopper);
    const recent = await freefireOrder(shopper);
    await app.db('orders').where({ id: slow }).update({ paid_at: app.db.raw(`now() - interval '${app.config.attentionAfterMinutes + 1} minutes'`) });
    await app.db('orders').where({ id: recent }).update({ paid_at: app.db.raw(`now() - interval '1 minute'`) });

    const { body } = await as(admin, 'GET', '/api/admin/dashboard');
    const listed = body.needsAttention.map((row: { orderId: number }) => row.orderId);
    expect(listed).toContain(slow);
    expect(listed).not.toContain(recent);
    expect(body.needsAttention.find((row: { orderId: number }) => row.orderId === slow)).toMatchObject({ flagged: false, reason: null });
    const since = body.needsAttention.map((row: { since: string }) => Date.parse(row.since));
    expect(since).toEqual([...since].sort((a, b) => b - a));
  });

  it('refuses Retry delivery while the delivery job is live, and queues an unflagged order whose job Redis lost', async () => {
    const shopper = await app.createUser();
    const orderId = await freefireOrder(shopper);
    const refused = await as(admin, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'NOTHING_TO_RETRY', message: expect.stringContaining('not waiting for a retry') });
    expect(await fulfilmentJobs(orderId)).toBe(1);
    expect((await as(admin, 'POST', '/api/admin/orders/999999999/retry-delivery', {})).status).toBe(404);
    expect((await as(shopper, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {})).status).toBe(403);

    await dropDeliveryJob(orderId);
    const retried = await as(admin, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'processing', attentionReason: null });
    expect(retried.body.timeline.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'retry_requested']);
    expect(await fulfilmentJobs(orderId)).toBe(2);

    // The new job is live: a second click queues nothing.
    const again = await as(otherAdmin, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {});
    expect(again.status).toBe(409);
    expect(await fulfilmentJobs(orderId)).toBe(2);
    await dropDeliveryJob(orderId);
  });

  it('is cleared by a refund, which records the money given back on the timeline', async () => {
    const shopper = await app.createUser();
    const orderId = await freefireOrder(shopper);
    await exhaustAttempts(orderId);
    const refunded = await as(admin, 'POST', `/api/admin/orders/${orderId}/refund`, {});
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'failed', attentionReason: null, attentionSince: null });
    const events = refunded.body.timeline.slice(ATTEMPTS + 2);
    expect(events.map((event: { kind: string }) => event.kind)).toEqual(['refunded', 'status_changed', 'attention_cleared']);
    expect(events[0]).toMatchObject({ actorId: admin.id, payload: { amount: 199, currency: 'usd', destination: 'balance' } });
    expect(events[1]).toMatchObject({ actorId: admin.id, payload: { from: 'processing', to: 'failed', transition: 'refund' } });
    expect((await as(admin, 'POST', `/api/admin/orders/${orderId}/retry-delivery`, {})).body.error.code).toBe('NOTHING_TO_RETRY');
  });
});

describe('the order timeline', () => {
  it('records a code order from placement to delivery, and the admins notes with their author', async () => {
    const shopper = await app.createUser();
    const product = await fixtures.product({ title: 'Timeline Card' });
    await fixtures.codes({ productId: product.id, gameAmount: 25, priceUsd: 1999, priceRub: 157_921, count: 1 });
    await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 25, priceUsd: 1999, priceRub: 157_921, quantity: 1 });
    await fixtures.fundBalance(shopper.id, 'usd', 1999);
    const placed = await app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
    const orderId = placed.body.orderId as number;
    await fulfilment.fulfilOrder(orderId);

    const noted = await as(admin, 'POST', `/api/admin/orders/${orderId}/notes`, { note: '  Buyer asked about the region.  ' });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.timeline.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'codes_delivered', 'status_changed', 'note']);
    expect(noted.body.timeline[0].payload).toEqual({ total: 1999, currency: 'usd', paymentMethod: 'balance' });
    expect(noted.body.timeline[1].payload).toEqual({ codes: 1 });
    expect(noted.body.timeline[3]).toMatchObject({ actorId: admin.id, actorNickname: admin.nickname, payload: { text: 'Buyer asked about the region.' } });
    expect((await auditRowsOf(app, 'order', orderId)).map((row) => row.action)).toEqual(['order.note']);

    expect((await as(admin, 'POST', `/api/admin/orders/${orderId}/notes`, { note: '   ' })).status).toBe(400);
    expect((await as(admin, 'POST', `/api/admin/orders/${orderId}/notes`, { note: 'x'.repeat(2001) })).status).toBe(400);
    expect((await as(shopper, 'POST', `/api/admin/orders/${orderId}/notes`, { note: 'hi' })).status).toBe(403);
    expect(await kindsOf(orderId)).toHaveLength(4);
  });

  it('is append-only: the database refuses to change or delete an event', async () => {
    const shopper = await app.createUser();
    const orderId = await freefireOrder(shopper);
    const [event] = await app.db('order_events').where({ order_id: orderId });
    await expect(app.db('order_events').where({ id: event.id }).update({ kind: 'note' })).rejects.toThrow(/append-only: UPDATE/);
    await expect(app.db('order_events').where({ id: event.id }).del()).rejects.toThrow(/append-only: DELETE/);
    expect(await kindsOf(orderId)).toEqual(['placed']);
  });
});
