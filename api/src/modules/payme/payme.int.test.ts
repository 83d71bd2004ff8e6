import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/harness';
import { decodeCheckout, paymeTransactionId } from '../../testing/payme-stand-in';
import { PAYME_TEST_KEY, PAYME_TEST_MERCHANT, startPaymeStore, type PaymeStore } from '../../testing/payme-store';
import { startGatewayPayment } from '../../testing/topup-data';
import { createLogger } from '../../logger';
import { createPaymentGateways } from '../../providers/payment';
import { createRefundsService } from '../payments/refunds';

let store: PaymeStore;

beforeAll(async () => {
  store = await startPaymeStore();
});

afterAll(async () => {
  await store.close();
});

/** 10.99 USD a code: 139 024 sums at 12 650 (139 023.5 rounded once), 13 902 400 tiyin. */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };
const TOTAL_SUMS = 139_024;
const TOTAL_TIYIN = TOTAL_SUMS * 100;

/** A shopper whose one-code cart is placed in UZS to be paid through Payme: the order and its checkout link. */
async function orderForPayme(): Promise<{ user: TestUser; orderId: number; payUrl: string; codeIds: number[] }> {
  const { app, fixtures } = store;
  const user = await app.createUser();
  const product = await fixtures.product({ title: 'Payme Card' });
  const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
  const { orderId, payUrl } = await startGatewayPayment(app, user, { type: 'order', amount: TOTAL_SUMS, currency: 'uzs', method: 'payme' });
  return { user, orderId, payUrl, codeIds };
}

const orderRow = (orderId: number) => store.app.db('orders').where({ id: orderId }).first();
const paymentRow = (orderId: number) => store.app.db('payments').where({ order_id: orderId }).first();
const account = (orderId: number | string) => ({ order_id: String(orderId) });
const errorOf = (answer: { error?: { code: number; data: unknown } }) => answer.error && { code: answer.error.code, data: answer.error.data };

describe('paying a UZS order through Payme', () => {
  it('lists Payme for UZS orders and the sandbox for every currency, with the USD->UZS rate', async () => {
    const methods = await store.app.request('GET', '/api/payment/methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toMatchObject({
      methods: ['balance', 'card', 'sbp', 'payme'],
      rate_usd_uzs: '12650.000000',
      gateways: [
        { provider: 'sandbox', methods: ['card', 'sbp'], currencies: ['usd', 'rub', 'uzs'] },
        { provider: 'payme', methods: ['payme'], currencies: ['uzs'], charge_currency: null, refunds_to_card: false },
      ],
    });
  });

  it("sends the shopper to Payme's checkout with the cash desk, the order and the amount in tiyin", async () => {
    const { orderId, payUrl } = await orderForPayme();
    expect(payUrl.startsWith(`${store.payme.url}/`)).toBe(true);
    expect(decodeCheckout(payUrl)).toEqual({
      merchantId: PAYME_TEST_MERCHANT,
      account: { order_id: String(orderId) },
      amount: TOTAL_TIYIN,
      returnUrl: `${store.app.config.publicUrl}/orders/${orderId}`,
    });
    // Payme's checkout takes the link as it is: it refuses one of another cash desk or with a malformed field.
    expect((await fetch(payUrl)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', currency: 'uzs', payment_method: 'payme', total: TOTAL_TIYIN });
    expect(await paymentRow(orderId)).toMatchObject({ provider: 'payme', method: 'payme', amount: TOTAL_TIYIN, currency: 'uzs', status: 'pending' });
  });

  it('refuses Payme for a USD order with 422, naming what that currency can be paid with', async () => {
    const { app, fixtures } = store;
    const user = await app.createUser();
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
    const refused = await app.request('POST', '/api/payment/create', { token: user.token, body: { type: 'order', amount: 10.99, currency: 'usd', method: 'payme' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({ methods: ['card', 'sbp'], currency: 'usd' });
  });

  it('goes through the whole sequence: the order is paid and sent to fulfilment, and every repeat answers the same', async () => {
    const { orderId, payUrl } = await orderForPayme();
    const id = await store.payme.pay(payUrl);

    expect(await orderRow(orderId)).toMatchObject({ status: 'processing' });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'paid', provider_payment_id: id });
    const jobs = await store.app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)]);
    expect(jobs).toHaveLength(1);

    const checked = await store.payme.check(id);
    expect(checked.result).toEqual({
      create_time: expect.any(Number),
      perform_time: expect.any(Number),
      cancel_time: 0,
      transaction: expect.any(String),
      state: 2,
      reason: null,
    });
    const again = await store.payme.perform(id);
    expect(again.result).toEqual({ transaction: checked.result?.transaction, perform_time: checked.result?.perform_time, state: 2 });
    // A repeated CreateTransaction of a performed transaction cannot create it again.
    expect(errorOf(await store.payme.create(id, TOTAL_TIYIN, account(orderId)))).toEqual({ code: -31008, data: 'id' });
    expect(await store.app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)])).toHaveLength(1);
  });

  it('answers a repeated CreateTransaction with the transaction already created', async () => {
    const { orderId } = await orderForPayme();
    const id = paymeTransactionId();
    const first = await store.payme.create(id, TOTAL_TIYIN, account(orderId));
    const second = await store.payme.create(id, TOTAL_TIYIN, account(orderId));
    expect(first.result).toEqual({ create_time: expect.any(Number), transaction: expect.any(String), state: 1 });
    expect(second.result).toEqual(first.result);
    expect(await store.app.db('payme_transactions').where({ order_id: orderId })).toHaveLength(1);
  });

  it('keeps one transaction per order: a second one is an account error, and of two created at once one wins', async () => {
    const { orderId } = await orderForPayme();
    const [a, b] = await Promise.all([
      store.payme.create(paymeTransactionId(), TOTAL_TIYIN, account(orderId)),
      store.payme.create(paymeTransactionId(), TOTAL_TIYIN, account(orderId)),
    ]);
    const answers = [a, b];
    expect(answers.filter((answer) => answer?.result?.state === 1)).toHaveLength(1);
    expect(answers.map(errorOf).filter(Boolean)).toEqual([{ code: -31052, data: 'order_id' }]);
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN, account(orderId)))).toEqual({ code: -31052, data: 'order_id' });
    expect(await store.app.db('payme_transactions').where({ order_id: orderId })).toHaveLength(1);
  });

  it('refuses a wrong amount (-31001) and an order it does not know or that cannot be paid (-31050, -31051)', async () => {
    const { orderId, payUrl } = await orderForPayme();
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN + 100, account(orderId)))).toEqual({ code: -31001, data: 'amount' });
    expect(errorOf(await store.payme.create(paymeTransactionId(), TOTAL_TIYIN - 1, account(orderId)))).toEqual({ code: -31001, data: 'amount' });
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN, account(999_999_999)))).toEqual({ code: -31050, data: 'order_id' });
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN, { order: String(orderId) }))).toEqual({ code: -31050, data: 'order_id' });
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN, account('12abc')))).toEqual({ code: -31050, data: 'order_id' });

    await store.payme.pay(payUrl);
    expect(errorOf(await store.payme.checkPerform(TOTAL_TIYIN, account(orderId)))).toEqual({ code: -31051, data: 'order_id' });
    const message = (await store.payme.checkPerform(TOTAL_TIYIN, account(orderId))).error?.message;
    expect(message).toEqual({ ru: expect.stringMatching(/Заказ/), uz: expect.stringMatching(/Buyurtma/), en: expect.stringMatching(/order/) });
  });

  it('cancels a created transaction (-1): the order is cancelled and its code back on sale; a repeat answers the same, a perform after it -31008', async () => {
    const { orderId, codeIds, user } = await orderForPayme();
    const id = paymeTransactionId();
    await store.payme.create(id, TOTAL_TIYIN, account(orderId));
    const cancelled = await store.payme.cancel(id, 3);
    expect(cancelled.result).toEqual({ transaction: expect.any(String), cancel_time: expect.any(Number), state: -1 });
    expect((await store.payme.cancel(id, 3)).result).toEqual(cancelled.result);
    expect(errorOf(await store.payme.perform(id))).toEqual({ code: -31008, data: 'id' });
    expect((await store.payme.check(id)).result).toMatchObject({ state: -1, reason: 3, perform_time: 0, cancel_time: cancelled.result?.cancel_time });

    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', returned_to_cart: true });
    expect((await orderRow(orderId)).notices).toEqual([{ code: 'PAYME_DECLINED', params: {} }]);
    expect(await paymentRow(orderId)).toMatchObject({ status: 'declined' });
    const code = await store.app.db('stock_codes').where({ source: 'manual', number: codeIds[0] }).first();
    expect(code).toMatchObject({ status: 'available', order_id: null });
    expect(await store.app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
  });

  it('cancels a performed transaction (-2) as Payme refunding the shopper: the order is refunded like a card refund', async () => {
    const { orderId, payUrl } = await orderForPayme();
    const id = await store.payme.pay(payUrl);
    const cancelled = await store.payme.cancel(id, 5);
    expect(cancelled.result).toEqual({ transaction: expect.any(String), cancel_time: expect.any(Number), state: -2 });
    expect((await store.payme.cancel(id, 5)).result).toEqual(cancelled.result);
    expect((await store.payme.check(id)).result).toMatchObject({ state: -2, reason: 5, perform_time: expect.any(Number) });

    expect(await orderRow(orderId)).toMatchObject({ status: 'failed' });
    expect((await orderRow(orderId)).notices).toEqual([{ code: 'STORE_REFUNDED', params: { refund: { amount: TOTAL_TIYIN, currency: 'uzs' }, refundTo: 'card' } }]);
    expect(await paymentRow(orderId)).toMatchObject({ status: 'refunded', refunded_amount: TOTAL_TIYIN });
    const refunds = await store.app.db('payment_refunds').where({ order_id: orderId });
    expect(refunds).toMatchObject([{ status: 'succeeded', amount: TOTAL_TIYIN, currency: 'uzs' }]);
    // Nothing was delivered yet (the fulfilment job has not run): nothing for an operator.
    expect((await orderRow(orderId)).attention_since).toBeNull();
  });

  it('flags an order Payme refunds after its code was delivered: a code cannot be taken back', async () => {
    const { orderId, payUrl } = await orderForPayme();
    const id = await store.payme.pay(payUrl);
    await store.app.db('orders').where({ id: orderId }).update({ status: 'completed', completed_at: store.app.db.fn.now() });
    await store.app.db('stock_codes').where({ order_id: orderId }).update({ status: 'used' });
    expect((await store.payme.cancel(id, 5)).result?.state).toBe(-2);
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', attention_reason: expect.stringMatching(/Payme refunded/) });
  });

  it('credits a refund the store starts to the balance in USD at the order\'s rate: Payme has no refund call for the merchant', async () => {
    const { user, orderId, payUrl } = await orderForPayme();
    await store.payme.pay(payUrl);
    const admin = await store.app.createUser({ role: 'admin' });
    const refunded = await store.app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'card' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [refund] = await store.app.db('payment_refunds').where({ order_id: orderId });
    const logger = createLogger('silent', 'payme-test');
    const refunds = createRefundsService({ db: store.app.db, gateways: createPaymentGateways({ config: store.app.config, db: store.app.db, logger }), logger });
    expect(await refunds.sendRefund(Number(refund.id))).toBe('failed');
    // 139 024 sums at 12 650: 10.99 USD.
    expect(await store.app.db('balance_ledger').where({ user_id: user.id, reason: 'order_refund' }).select('currency', 'amount')).toEqual([{ currency: 'usd', amount: 1099 }]);
  });

  it('cancels by timeout (reason 4) a transaction not performed within 12 hours, or after its order stopped waiting', async () => {
    const late = await orderForPayme();
    const lateId = paymeTransactionId();
    await store.payme.create(lateId, TOTAL_TIYIN, account(late.orderId));
    const created = Number((await store.app.db('payme_transactions').where({ payme_id: lateId }).first()).create_time);
    const twelveHoursAgo = Date.now() - 43_200_001;
    await store.app.db('payme_transactions').where({ payme_id: lateId }).update({ create_time: twelveHoursAgo });
    store.payme.backdate(lateId, created - twelveHoursAgo);
    expect(errorOf(await store.payme.perform(lateId))).toEqual({ code: -31008, data: 'id' });
    expect((await store.payme.check(lateId)).result).toMatchObject({ state: -1, reason: 4 });
    expect(await orderRow(late.orderId)).toMatchObject({ status: 'cancelled' });
    expect((await orderRow(late.orderId)).notices).toEqual([{ code: 'PAYMENT_EXPIRED', params: {} }]);

    const expired = await orderForPayme();
    const expiredId = paymeTransactionId();
    await store.payme.create(expiredId, TOTAL_TIYIN, account(expired.orderId));
    await store.fixtures.lapseHold(expired.orderId);
    expect((await store.payme.check(expiredId)).result).toMatchObject({ state: -1, reason: 4 });
    expect(errorOf(await store.payme.perform(expiredId))).toEqual({ code: -31008, data: 'id' });
    expect(await paymentRow(expired.orderId)).toMatchObject({ status: 'expired' });
  });

  it('answers -31003 for a transaction it does not know', async () => {
    const unknown = paymeTransactionId();
    for (const answer of [await store.payme.perform(unknown), await store.payme.cancel(unknown, 1), await store.payme.check(unknown)]) {
      expect(errorOf(answer)).toEqual({ code: -31003, data: 'id' });
    }
  });

  it('lists the transactions Payme created from `from` to `to` inclusive, oldest first', async () => {
    const first = await orderForPayme();
    const second = await orderForPayme();
    const base = 1_900_000_000_000;
    const firstId = paymeTransactionId();
    const secondId = paymeTransactionId();
    await store.payme.create(secondId, TOTAL_TIYIN, account(second.orderId), base + 2000);
    await store.payme.create(firstId, TOTAL_TIYIN, account(first.orderId), base);
    await store.payme.perform(firstId);

    const statement = await store.payme.statement(base, base + 2000);
    expect(statement.result?.transactions).toEqual([
      {
        id: firstId,
        time: base,
        amount: TOTAL_TIYIN,
        account: account(first.orderId),
        create_time: expect.any(Number),
        perform_time: expect.any(Number),
        cancel_time: 0,
        transaction: expect.any(String),
        state: 2,
        reason: null,
      },
      expect.objectContaining({ id: secondId, time: base + 2000, state: 1 }),
    ]);
    expect((await store.payme.statement(base + 1, base + 1999)).result).toEqual({ transactions: [] });
  });
});

describe("the back office's payment card", () => {
  it("lists Payme's calls as the payment's events: created, performed and cancelled, each at its time", async () => {
    const admin = await store.app.createUser({ role: 'admin' });
    const { orderId, payUrl } = await orderForPayme();
    const id = await store.payme.pay(payUrl);
    await store.payme.cancel(id, 5);
    const card = (await store.app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token })).body.payment;
    expect(card).toMatchObject({ provider: 'payme', providerPaymentId: id, method: 'payme', status: 'refunded' });
    expect(card.events.map(({ eventType, providerEventId }: { eventType: string; providerEventId: string }) => [eventType, providerEventId])).toEqual([
      ['payme.create', id],
      ['payme.perform', id],
      ['payme.cancel', id],
    ]);
    const checked = (await store.payme.check(id)).result;
    expect(card.events.map((event: { receivedAt: string }) => Date.parse(event.receivedAt))).toEqual([checked?.create_time, checked?.perform_time, checked?.cancel_time]);
  });
});

describe("the Merchant API's protocol errors", () => {
  it('refuses a wrong or missing authorization with -32504, changing nothing', async () => {
    const { orderId } = await orderForPayme();
    const params = { id: paymeTransactionId(), time: Date.now(), amount: TOTAL_TIYIN, account: account(orderId) };
    const wrongKey = `Basic ${Buffer.from('Paycom:another-key').toString('base64')}`;
    const wrongLogin = `Basic ${Buffer.from(`Payme:${PAYME_TEST_KEY}`).toString('base64')}`;
    for (const authorization of [null, wrongKey, wrongLogin, 'Bearer x']) {
      const answer = await store.payme.call('CreateTransaction', params, { authorization });
      expect(answer.error?.code, String(authorization)).toBe(-32504);
    }
    expect(await store.app.db('payme_transactions').where({ order_id: orderId })).toHaveLength(0);
  });

  it('answers -32300 to a request that is not a POST, -32700 to a body that is not JSON, all with HTTP 200', async () => {
    expect((await store.payme.call('CheckTransaction', {}, { httpMethod: 'GET' })).error?.code).toBe(-32300);
    expect((await store.payme.call('CheckTransaction', {}, { rawBody: '{"method": "CheckTransaction", ' })).error?.code).toBe(-32700);
  });

  it('answers -32600 to a call with missing or mistyped fields and -32601 to an unknown method', async () => {
    expect((await store.payme.call('CheckTransaction', {})).error?.code).toBe(-32600);
    expect((await store.payme.call('CreateTransaction', { id: paymeTransactionId(), time: '1', amount: 100, account: {} })).error?.code).toBe(-32600);
    expect((await store.payme.call('CheckPerformTransaction', { amount: -5, account: { order_id: '1' } })).error?.code).toBe(-32600);
    expect((await store.payme.call('CancelTransaction', { id: paymeTransactionId(), reason: 7 })).error?.code).toBe(-32600);
    expect((await store.payme.call('ChangePassword', { password: 'x' })).error).toMatchObject({ code: -32601, data: 'ChangePassword' });
  });
});
