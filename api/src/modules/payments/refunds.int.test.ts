import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createPaymentGateways, paymentGatewaysOf } from '../../providers/payment';
import { createYookassaGateway } from '../../providers/payment/yookassa.gateway';
import { startGatewayPayment, startYookassaStore, untilAStatementWaitsOnALock, type ApiResponse, type TestApp, type TestUser, type YookassaStandIn, type YookassaStore } from '../../testing';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createPaymentCallbackService } from './payment-callback.service';
import { requestCardRefund, RESEND_REFUNDS_FOR_SECONDS } from './refunds';

/**
 * Card refunds through YooKassa, against a stand-in as strict as YooKassa (receipts on, so a partial
 * refund without its receipt is refused). The refund job and the poller are run on demand, so each
 * test decides what YooKassa answers each call.
 */

const EMAIL = 'buyer@example.com';

let store: YookassaStore;
let app: TestApp;
let yookassa: YookassaStandIn;
const logger = createLogger('silent', 'refunds-test');

beforeAll(async () => {
  store = await startYookassaStore({ standIn: { receipts: true }, settings: { sendReceipt: true, taxSystemCode: 2 } });
  ({ app, yookassa } = store);
});

afterAll(() => store?.close());

/** The payment-callback service as the workers build it, here with the key YooKassa is given. */
const callbacks = (secretKey = yookassa.secretKey) =>
  createPaymentCallbackService({
    db: app.db,
    logger,
    gateways: createPaymentGateways({ config: { ...app.config, yookassa: { ...app.config.yookassa, secretKey } }, db: app.db, logger }),
    catalogueChanges: createCatalogueChanges(app.invalidations),
  });

/** A cart of `count` codes of one product at 10.00 RUB each, paid by card through YooKassa and applied. */
async function paidCart(count: number, title = `Gift card ${count}`): Promise<{ shopper: TestUser; orderId: number; providerPaymentId: string }> {
  const shopper = await app.createUser();
  const { fixtures } = store;
  const product = await fixtures.product({ title });
  await fixtures.codes({ productId: product.id, gameAmount: 100, priceUsd: 13, priceRub: 1000, count });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 100, priceUsd: 13, priceRub: 1000, quantity: count });
  const { orderId, payUrl } = await startGatewayPayment(app, shopper, { type: 'order', currency: 'rub', amount: count * 10, method: 'card', email: EMAIL });
  const providerPaymentId = new URL(payUrl).pathname.split('/').pop()!;
  await yookassa.succeed(providerPaymentId, { notify: false });
  const payment = await app.db('payments').where({ order_id: orderId }).first();
  expect(await callbacks().checkPayment(payment.id)).toBe('paid');
  return { shopper, orderId, providerPaymentId };
}

/** Asks for `amount` kopecks of the order back to the card, as a refund of the back office or a failed delivery does. */
async function askRefund(orderId: number, amount: number): Promise<number> {
  const requested = await app.db.transaction((trx) => requestCardRefund(trx, { orderId, orderAmount: amount, reason: 'Not delivered' }));
  expect(requested).toBeDefined();
  return requested!.refundId;
}

const refundRow = (refundId: number) => app.db('payment_refunds').where({ id: refundId }).first();
const orderRow = (orderId: number) => app.db('orders').where({ id: orderId }).first();
const balanceCredits = (userId: number) => app.db('balance_ledger').where({ user_id: userId, reason: 'order_refund' });
const refundsOfPayment = (providerPaymentId: string) => [...yookassa.refunds.values()].filter((refund) => refund.request.payment_id === providerPaymentId);

beforeEach(() => {
  yookassa.latencyMs = 0;
});

describe('receipts grouped by description and unit price', () => {
  it('a cart of 150 codes is paid by card with one receipt line of quantity 150, adding up to the charge', async () => {
    const { orderId, providerPaymentId } = await paidCart(150, 'Steam 100');
    const sent = yookassa.payments.get(providerPaymentId)!;
    expect(sent.receipt).toEqual({
      customer: { email: EMAIL },
      tax_system_code: 2,
      items: [
        {
          description: 'Steam 100',
          quantity: 150,
          amount: { value: '10.00', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
    });
    expect((await orderRow(orderId)).status).toBe('processing');
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'paid', receipt_email: EMAIL });
  });
});

describe('refunds that happen once', () => {
  it('a partial refund carries the receipt of what it gives back, and YooKassa makes it', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(3);
    const refundId = await askRefund(orderId, 1500);
    expect(await callbacks().sendRefund(refundId)).toBe('succeeded');
    const [sent] = refundsOfPayment(providerPaymentId);
    expect(sent?.request).toMatchObject({ amount: { value: '15.00', currency: 'RUB' } });
    expect(sent?.receipt).toMatchObject({
      customer: { email: EMAIL },
      items: [
        { description: 'Gift card 3', quantity: 1, amount: { value: '10.00', currency: 'RUB' } },
        { description: 'Gift card 3', quantity: 1, amount: { value: '5.00', currency: 'RUB' } },
      ],
    });
    expect(await balanceCredits(shopper.id)).toEqual([]);
  });

  it('a full refund needs no receipt of its own: YooKassa reuses the payment’s', async () => {
    const { orderId, providerPaymentId } = await paidCart(2);
    expect(await callbacks().sendRefund(await askRefund(orderId, 2000))).toBe('succeeded');
    const [sent] = refundsOfPayment(providerPaymentId);
    expect(sent?.request.receipt).toBeUndefined();
  });

  it('sent by the job and the poller at once, is made once and counted once', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(2);
    const refundId = await askRefund(orderId, 2000);
    yookassa.latencyMs = 50;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => callbacks().sendRefund(refundId)));
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'succeeded')).toEqual(Array(4).fill('already-settled'));
    expect(refundsOfPayment(providerPaymentId)).toHaveLength(1);
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'refunded', refunded_amount: 2000 });
    expect(await balanceCredits(shopper.id)).toEqual([]);
  });

  it('a definite 400 to the first sending credits the balance instead, once', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(2);
    const refundId = await askRefund(orderId, 2000);
    yookassa.failNext(400);
    expect(await callbacks().sendRefund(refundId)).toBe('failed');
    expect(await callbacks().sendRefund(refundId)).toBe('already-settled');
    expect(await balanceCredits(shopper.id)).toEqual([expect.objectContaining({ amount: 2000, currency: 'rub' })]);
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed', attempts: 1, uncertain: false });
    expect(refundsOfPayment(providerPaymentId)).toEqual([]);
  });

  it('a sending left without an answer, then refused with 400, stays pending with the order flagged, never credited', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(2);
    // The back office refunds the order to the card: it fails at once, and the refund is sent after.
    const admin = await app.createUser({ role: 'admin' });
    const refunded = await app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'card' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const { id: refundId } = await app.db('payment_refunds').where({ order_id: orderId }).first();
    yookassa.failNext(500);
    expect(await callbacks().sendRefund(refundId)).toBe('pending');
    yookassa.failNext(400);
    expect(await callbacks().sendRefund(refundId)).toBe('pending');
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending', attempts: 2, uncertain: true });
    expect(await balanceCredits(shopper.id)).toEqual([]);
    const order = await orderRow(orderId);
    expect(order.status).toBe('failed');
    expect(order.attention_reason).toMatch(new RegExp(`^Card refund #${refundId} is in doubt: `));
    expect(await app.db('order_events').where({ order_id: orderId, kind: 'attention_raised' })).toHaveLength(1);
    // The back office shows it in doubt, with what went wrong last, and lists the order to look at.
    const shown = await app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token });
    expect(shown.body.refunds).toEqual([expect.objectContaining({ id: refundId, destination: 'card', status: 'pending', inDoubt: true, failure: expect.any(String) })]);
    const dashboard = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.needsAttention).toContainEqual(expect.objectContaining({ orderId, flagged: true, reason: order.attention_reason }));

    // The poller's next sending is made, with the same key: the flag it raised comes down.
    await app.db('payment_refunds').where({ id: refundId }).update({ created_at: app.db.raw("now() - interval '5 minutes'") });
    const sweep = await callbacks().pollOpenPayments();
    expect(sweep.refunds).toBeGreaterThanOrEqual(1);
    expect(await refundRow(refundId)).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(new Set(refundsOfPayment(providerPaymentId).map((refund) => refund.idempotenceKey)).size).toBe(1);
    expect((await orderRow(orderId)).attention_since).toBeNull();
    expect(await balanceCredits(shopper.id)).toEqual([]);
  });

  it('a timeout on the first sending is a doubt too: pending, flagged, not credited', async () => {
    const { shopper, orderId } = await paidCart(1);
    const refundId = await askRefund(orderId, 1000);
    yookassa.latencyMs = 500;
    const impatient = createYookassaGateway({ settings: app.config.yookassa, logger, timeoutMs: 100 });
    const timedOut = createPaymentCallbackService({
      db: app.db,
      logger,
      gateways: paymentGatewaysOf(impatient),
      catalogueChanges: createCatalogueChanges(app.invalidations),
    });
    expect(await timedOut.sendRefund(refundId)).toBe('pending');
    yookassa.latencyMs = 0;
    yookassa.failNext(400);
    expect(await callbacks().sendRefund(refundId)).toBe('pending');
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending', uncertain: true });
    expect(await balanceCredits(shopper.id)).toEqual([]);
    expect((await orderRow(orderId)).attention_since).not.toBeNull();
  });

  it('a 401 reading a refund back (a rotated key) keeps it pending with the order flagged, never credited', async () => {
    const { shopper, orderId } = await paidCart(1);
    const refundId = await askRefund(orderId, 1000);
    // YooKassa accepted it and answered pending: the store reads it back.
    await app.db('payment_refunds').where({ id: refundId }).update({ provider_refund_id: '2f0f5a4e-0015-5000-9000-1b68e7b15f3f' });
    expect(await callbacks('test_rotated_key').sendRefund(refundId)).toBe('pending');
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending', uncertain: true });
    expect(await balanceCredits(shopper.id)).toEqual([]);
    expect((await orderRow(orderId)).attention_reason).toContain('Error in shopId or secret key');
  });

  it('a 401 to the first sending is no refusal of the refund: it stays pending and is sent again once the key is right', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(1);
    const refundId = await askRefund(orderId, 1000);
    expect(await callbacks('test_rotated_key').sendRefund(refundId)).toBe('pending');
    expect(await balanceCredits(shopper.id)).toEqual([]);
    expect(await callbacks().sendRefund(refundId)).toBe('succeeded');
    expect(refundsOfPayment(providerPaymentId)).toHaveLength(1);
  });

  it('is not sent again once YooKassa may have forgotten its key: it waits for an operator, and the poller passes it by', async () => {
    const { shopper, orderId, providerPaymentId } = await paidCart(1);
    const refundId = await askRefund(orderId, 1000);
    yookassa.failNext(500);
    expect(await callbacks().sendRefund(refundId)).toBe('pending');
    await app.db('payment_refunds')
      .where({ id: refundId })
      .update({
        created_at: app.db.raw('now() - make_interval(secs => ?)', [RESEND_REFUNDS_FOR_SECONDS + 60]),
        first_sent_at: app.db.raw('now() - make_interval(secs => ?)', [RESEND_REFUNDS_FOR_SECONDS + 60]),
      });
    const sent = yookassa.requests.filter((request) => request.path === '/v3/refunds').length;
    expect(await callbacks().sendRefund(refundId)).toBe('pending');
    await callbacks().pollOpenPayments();
    expect(yookassa.requests.filter((request) => request.path === '/v3/refunds')).toHaveLength(sent);
    expect(await refundRow(refundId)).toMatchObject({ status: 'pending', attempts: 1, failure: expect.stringContaining('an operator decides') });
    expect(refundsOfPayment(providerPaymentId)).toEqual([]);
    expect(await balanceCredits(shopper.id)).toEqual([]);
    expect((await orderRow(orderId)).attention_since).not.toBeNull();
  });
});

describe('an order read while its refund settles', () => {
  it.each([
    ['the shopper', '/api/orders'],
    ['the back office', '/api/admin/orders'],
  ])('shows %s the refund and the payment it came from as of one moment, never one settled without the other', async (who, path) => {
    const { shopper, orderId } = await paidCart(1);
    const refundId = await askRefund(orderId, 1000);
    const reader = who === 'the shopper' ? shopper : await app.createUser({ role: 'admin' });
    // The refund settles as `settle` does, one commit for both rows; the payments table is held until
    // the read waits on it, so the read's other queries run before that commit and its payment after.
    const settling = await app.db.transaction();
    let answer: Promise<ApiResponse> | undefined;
    try {
      await settling.raw('LOCK TABLE payments IN ACCESS EXCLUSIVE MODE');
      await settling('payment_refunds').where({ id: refundId }).update({ status: 'succeeded', settled_at: settling.fn.now() });
      await settling('payments').where({ order_id: orderId }).update({ refunded_amount: 1000, status: 'refunded' });
      answer = app.request('GET', `${path}/${orderId}`, { token: reader.token });
      await untilAStatementWaitsOnALock(app.db, '%from "payments"%');
      await settling.commit();
    } finally {
      if (!settling.isCompleted()) await settling.rollback();
    }
    const response = await answer;
    expect(response.status).toBe(200);
    const refundStatus = response.body.refunds[0].status;
    const payment = response.body.payment;
    const refunded = payment.refunded ?? payment.refundedAmount;
    expect([refundStatus, payment.status, refunded]).toEqual(refundStatus === 'succeeded' ? ['succeeded', 'refunded', 10] : ['pending', 'paid', 0]);
  });
});
