import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueChanges, createLogger } from '@topup/api';
import { createFixtures, decideOnSandboxPage, startTestApp, type TestApp, type TestUser, waitForOrderStatus } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';
import { createPaymentCallbackProcessor } from './payment-callback.processor';

let app: TestApp;
let workers: RunningWorkers;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate();
  workers = await startWorkers(app.config, createLogger('silent', 'workers-test'));
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
});

/** A shopper who has started a card payment for two codes; resolves to the order and its pay page path. */
async function cardCheckout(shopper: TestUser) {
  const product = await fixtures.product();
  const codeIds = await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 3 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, quantity: 2 });
  const created = await app.request('POST', '/api/payment/create', { token: shopper.token, body: { amount: 20, currency: 'usd', type: 'order' } });
  expect(created.status).toBe(201);
  return { orderId: created.body.orderId as number, payPath: new URL(created.body.pay_url).pathname, codeIds };
}

const decide = (payPath: string, decision: 'pay' | 'decline') => decideOnSandboxPage(app, payPath, decision);
const waitForOrder = (shopper: TestUser, orderId: number, status: string) => waitForOrderStatus(app, shopper, orderId, status);

describe('card payment through the workers', () => {
  it('Pay on the sandbox page: the webhook is applied, the order fulfilled and its codes shown', async () => {
    const shopper = await app.createUser();
    const { orderId, payPath } = await cardCheckout(shopper);
    expect(await decide(payPath, 'pay')).toBe(`/orders/${orderId}`);

    const order = await waitForOrder(shopper, orderId, 'completed');
    const codes = order.items.map((item: any) => item.code.code);
    expect(codes).toHaveLength(2);
    expect(new Set(codes).size).toBe(2);
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'paid' });
    expect(await app.db('gateway_events').whereNotNull('processed_at').whereRaw("payload->>'provider_payment_id' = ?", [payPath.split('/').pop()!])).toHaveLength(1);
  });

  it('Decline on the sandbox page: the order is cancelled and its codes are back on sale', async () => {
    const shopper = await app.createUser();
    const { orderId, payPath, codeIds } = await cardCheckout(shopper);
    await decide(payPath, 'decline');

    await waitForOrder(shopper, orderId, 'cancelled');
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'declined' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).orderBy('number').pluck('status')).toEqual(['available', 'available', 'available']);
  });
});

describe('the payment-callback processor', () => {
  it('applies one event once, however often the job runs', async () => {
    const shopper = await app.createUser();
    const { orderId } = await cardCheckout(shopper);
    const payment = await app.db('payments').where({ order_id: orderId }).first();
    // Stored without an outbox job, so only this test runs it.
    const [event] = await app
      .db('gateway_events')
      .insert({
        provider: 'sandbox',
        provider_event_id: `evt_direct_${payment.id}`,
        payment_id: payment.id,
        event_type: 'payment.succeeded',
        payload: { amount: payment.amount, currency: payment.currency },
      })
      .returning('id');
    const processor = createPaymentCallbackProcessor({ config: app.config, db: app.db, logger: createLogger('silent', 'callback-test'), catalogueChanges: createCatalogueChanges(app.invalidations) });
    const job = { data: { gatewayEventId: event.id } } as Job<{ gatewayEventId: number }>;

    expect(await processor(job)).toEqual({ outcome: 'paid' });
    expect(await processor(job)).toEqual({ outcome: 'already-processed' });
    const fulfilmentJobs = await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)]);
    expect(fulfilmentJobs).toHaveLength(1);
    // The running workers deliver it.
    await waitForOrder(shopper, orderId, 'completed');
  });
});
