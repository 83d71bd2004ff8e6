/**
 * The API adds a paid order's job to BullMQ itself as its transaction commits; the outbox relay only
 * sends what that missed. Real Postgres and Redis; the API's Redis is made unreachable where a test
 * needs it away.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLogger } from '@topup/api';
import { createFixtures, startTestApp, type TestApp } from '@topup/api/testing';
import { startWorkers } from './index';
import { createOutboxRelay } from './outbox-relay';
import { createQueues, type JobQueues } from './queues';
import { deleteRedisKeys, freePort } from './testing/services';

const logger = createLogger('silent', 'outbox-dispatch-test');
const OPTION = { gameAmount: 10, priceUsd: 500, priceRub: 39500 };

/** A shopper with a code in the cart and the money for it, checked out from the balance; resolves to the order id. */
async function checkOut(app: TestApp): Promise<number> {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', OPTION.priceUsd);
  const product = await fixtures.product({ title: 'Dispatch Card' });
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
  const response = await app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
  expect(response.status).toBe(201);
  return response.body.orderId;
}

function fulfilmentRow(app: TestApp, orderId: number): Promise<{ id: number; job_id: string; dispatched_at: Date | null }> {
  return app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("(payload->>'orderId')::bigint = ?", [orderId]).first('id', 'job_id', 'dispatched_at');
}

describe('a paid order with the API connected to Redis', () => {
  let app: TestApp;
  let queues: JobQueues;

  beforeAll(async () => {
    app = await startTestApp();
    await createFixtures(app.db, app.config.codesKey).usdRubRate();
    queues = createQueues(app.config, logger);
  });

  afterAll(async () => {
    await queues?.close();
    await app?.close();
  });

  it('is in BullMQ as soon as the checkout commits, with no relay running', async () => {
    const orderId = await checkOut(app);

    await vi.waitFor(async () => expect((await fulfilmentRow(app, orderId)).dispatched_at).toBeInstanceOf(Date), { timeout: 15_000 });
    const job = await queues.byName.fulfilment.getJob((await fulfilmentRow(app, orderId)).job_id);
    expect(job).toMatchObject({ name: 'fulfil-order', data: { orderId } });
    expect(await job?.getState()).toBe('waiting');
  });

  it('is not added a second time by the relay, even when its row was not marked sent', async () => {
    const orderId = await checkOut(app);
    await vi.waitFor(async () => expect((await fulfilmentRow(app, orderId)).dispatched_at).toBeInstanceOf(Date), { timeout: 15_000 });
    const { id } = await fulfilmentRow(app, orderId);
    const relay = createOutboxRelay({ db: app.db, queues, logger });
    const countsBefore = await queues.byName.fulfilment.getJobCounts();

    expect(await relay.dispatchBatch()).toBe(0);
    // As if the API had stopped between adding the job and marking the row.
    await app.db('outbox').where({ id }).update({ dispatched_at: null });
    expect(await relay.dispatchBatch()).toBe(1);

    expect(await queues.byName.fulfilment.getJobCounts()).toEqual(countsBefore);
    expect((await fulfilmentRow(app, orderId)).dispatched_at).toBeInstanceOf(Date);
  });
});

describe('a checkout while the API cannot reach Redis', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ redisUrl: `redis://127.0.0.1:${await freePort()}` });
    await createFixtures(app.db, app.config.codesKey).usdRubRate();
  });

  afterAll(async () => {
    if (app) await deleteRedisKeys(inject('redisUrl'), app.config.redisPrefix);
    await app?.close();
  });

  it('succeeds, and the order is delivered once a relay with Redis sends its row', async () => {
    const orderId = await checkOut(app);
    expect(await fulfilmentRow(app, orderId)).toMatchObject({ dispatched_at: null });

    const workers = await startWorkers({ ...app.config, redisUrl: inject('redisUrl') }, logger);
    try {
      await vi.waitFor(async () => expect(await app.db('orders').where({ id: orderId }).first('status')).toEqual({ status: 'completed' }), {
        timeout: 15_000,
        interval: 100,
      });
      expect((await fulfilmentRow(app, orderId)).dispatched_at).toBeInstanceOf(Date);
    } finally {
      await workers.close();
    }
  });
});
