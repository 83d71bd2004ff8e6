import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/harness';
import { clickAttempt, CLICK_PAYMENT_FAILED, decodeClickCheckout, type ClickAnswer } from '../../testing/click-stand-in';
import { CLICK_TEST_MERCHANT, CLICK_TEST_MERCHANT_USER, CLICK_TEST_SERVICE, startClickStore, type ClickStore } from '../../testing/click-store';
import { startGatewayPayment } from '../../testing/topup-data';
import { createLogger } from '../../logger';
import { createPaymentGateways } from '../../providers/payment';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createRefundsService } from '../payments/refunds';
import { createReservationExpiryService } from '../payments/reservation-expiry.service';

let store: ClickStore;

beforeAll(async () => {
  store = await startClickStore();
});

afterAll(async () => {
  await store.close();
});

/** 10.99 USD a code: 139 024 sums at 12 650 (139 023.5 rounded once), 13 902 400 tiyin. */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };
const TOTAL_SUMS = 139_024;
const TOTAL_TIYIN = TOTAL_SUMS * 100;
const SUMS_TEXT = '139024.00';

/** A shopper whose one-code cart is placed in UZS to be paid through Click: the order and its payment page link. */
async function orderForClick(): Promise<{ user: TestUser; orderId: number; payUrl: string; codeIds: number[] }> {
  const { app, fixtures } = store;
  const user = await app.createUser();
  const product = await fixtures.product({ title: 'Click Card' });
  const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
  const { orderId, payUrl } = await startGatewayPayment(app, user, { type: 'order', amount: TOTAL_SUMS, currency: 'uzs', method: 'click' });
  return { user, orderId, payUrl, codeIds };
}

const orderRow = (orderId: number) => store.app.db('orders').where({ id: orderId }).first();
const paymentRow = (orderId: number) => store.app.db('payments').where({ order_id: orderId }).first();
const codeOf = (answer: ClickAnswer | undefined) => answer?.error;

describe('paying a UZS order through Click', () => {
  it('lists Click for UZS orders beside the sandbox', async () => {
    const methods = await store.app.request('GET', '/api/payment/methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toMatchObject({
      methods: ['balance', 'card', 'sbp', 'click'],
      gateways: [
        { provider: 'sandbox', methods: ['card', 'sbp'], currencies: ['usd', 'rub', 'uzs'] },
        { provider: 'click', methods: ['click'], currencies: ['uzs'], charge_currency: null, refunds_to_card: false },
      ],
    });
  });

  it("sends the shopper to Click's payment page with the service, the merchant, the order and the sums", async () => {
    const { orderId, payUrl } = await orderForClick();
    expect(payUrl.startsWith(`${store.click.url}?`)).toBe(true);
    expect(decodeClickCheckout(payUrl)).toEqual({
      serviceId: CLICK_TEST_SERVICE,
      merchantId: CLICK_TEST_MERCHANT,
      merchantUserId: CLICK_TEST_MERCHANT_USER,
      amount: SUMS_TEXT,
      transactionParam: String(orderId),
      returnUrl: `${store.app.config.publicUrl}/orders/${orderId}`,
    });
    expect((await fetch(payUrl)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', currency: 'uzs', payment_method: 'click', total: TOTAL_TIYIN });
    expect(await paymentRow(orderId)).toMatchObject({ provider: 'click', method: 'click', amount: TOTAL_TIYIN, currency: 'uzs', status: 'pending' });
  });

  it('refuses Click for a USD order with 422, naming what that currency can be paid with', async () => {
    const { app, fixtures } = store;
    const user = await app.createUser();
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
    const refused = await app.request('POST', '/api/payment/create', { token: user.token, body: { type: 'order', amount: 10.99, currency: 'usd', method: 'click' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({ methods: ['card', 'sbp'], currency: 'usd' });
  });

  it('prepares and completes: the order is paid and sent to fulfilment once, and every retry answers the same', async () => {
    const { orderId, payUrl } = await orderForClick();
    const { attempt, prepare, complete } = await store.click.pay(payUrl);
    expect(prepare).toEqual({ click_trans_id: attempt.clickTransId, merchant_trans_id: String(orderId), merchant_prepare_id: expect.any(Number), error: 0, error_note: 'Success' });
    expect(complete).toEqual({ click_trans_id: attempt.clickTransId, merchant_trans_id: String(orderId), merchant_confirm_id: prepare.merchant_prepare_id, error: 0, error_note: 'Success' });

    expect(await orderRow(orderId)).toMatchObject({ status: 'processing' });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'paid', provider_payment_id: String(attempt.clickTransId) });
    const fulfilment = () => store.app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)]);
    expect(await fulfilment()).toHaveLength(1);

    // Click retries a call whose answer it did not get: the same attempt is answered as before.
    expect(await store.click.complete(attempt, prepare.merchant_prepare_id ?? 0)).toEqual(complete);
    // A Prepare of the completed attempt, or a second attempt for the paid order: already paid.
    expect(codeOf(await store.click.prepare(attempt))).toBe(-4);
    expect(codeOf(await store.click.prepare(clickAttempt(orderId, SUMS_TEXT)))).toBe(-4);
    // Click reporting a failure of the completed attempt cannot undo it.
    expect(codeOf(await store.click.complete(attempt, prepare.merchant_prepare_id ?? 0, CLICK_PAYMENT_FAILED))).toBe(-4);
    expect(await fulfilment()).toHaveLength(1);
    expect(await store.app.db('click_transactions').where({ order_id: orderId })).toMatchObject([{ state: 1, amount: TOTAL_TIYIN }]);
  });

  it('answers a repeated Prepare with the attempt already prepared, and takes the sum with or without decimals', async () => {
    const { orderId } = await orderForClick();
    const attempt = clickAttempt(orderId, String(TOTAL_SUMS));
    const first = await store.click.prepare(attempt);
    const second = await store.click.prepare(attempt);
    expect(first.error).toBe(0);
    expect(second).toEqual(first);
    expect(await store.app.db('click_transactions').where({ order_id: orderId })).toHaveLength(1);
    expect((await store.click.complete({ ...attempt, amount: SUMS_TEXT }, first.merchant_prepare_id ?? 0)).error).toBe(0);
  });

  it('refuses a wrong amount (-2) and an order it does not know (-5), changing nothing', async () => {
    const { orderId } = await orderForClick();
    expect(await store.click.prepare(clickAttempt(orderId, '139024.01'))).toMatchObject({ error: -2, error_note: 'Incorrect parameter amount' });
    expect(codeOf(await store.click.prepare(clickAttempt(orderId, '139023')))).toBe(-2);
    expect(await store.click.prepare(clickAttempt(999_999_999, SUMS_TEXT))).toMatchObject({ error: -5, error_note: 'User does not exist' });
    expect(codeOf(await store.click.prepare(clickAttempt('12abc', SUMS_TEXT)))).toBe(-5);

    const attempt = clickAttempt(orderId, SUMS_TEXT);
    const prepared = await store.click.prepare(attempt);
    expect(codeOf(await store.click.complete({ ...attempt, amount: '1.00' }, prepared.merchant_prepare_id ?? 0))).toBe(-2);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'pending' });
  });

  it('answers -6 to a Complete of an attempt it never prepared, or of another attempt', async () => {
    const { orderId } = await orderForClick();
    const attempt = clickAttempt(orderId, SUMS_TEXT);
    expect(await store.click.complete(attempt, 987_654_321)).toMatchObject({ error: -6, error_note: 'Transaction does not exist' });
    const prepared = await store.click.prepare(attempt);
    const other = clickAttempt(orderId, SUMS_TEXT);
    expect(codeOf(await store.click.complete(other, prepared.merchant_prepare_id ?? 0))).toBe(-6);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
  });

  it("cancels the order when Click reports the payment failed: the hold released as at expiry, answered -9, a repeat the same", async () => {
    const { orderId, payUrl, codeIds, user } = await orderForClick();
    const { attempt, prepare, complete } = await store.click.pay(payUrl, { fail: CLICK_PAYMENT_FAILED });
    expect(complete).toEqual({
      click_trans_id: attempt.clickTransId,
      merchant_trans_id: String(orderId),
      merchant_confirm_id: prepare.merchant_prepare_id,
      error: -9,
      error_note: 'Transaction cancelled',
    });
    expect(await store.click.complete(attempt, prepare.merchant_prepare_id ?? 0, CLICK_PAYMENT_FAILED)).toEqual(complete);
    // A Complete of the cancelled attempt after all, or a new Prepare for the cancelled order, is -9.
    expect(codeOf(await store.click.complete(attempt, prepare.merchant_prepare_id ?? 0))).toBe(-9);
    expect(codeOf(await store.click.prepare(clickAttempt(orderId, SUMS_TEXT)))).toBe(-9);

    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', returned_to_cart: true });
    expect((await orderRow(orderId)).notices).toEqual([{ code: 'CLICK_DECLINED', params: {} }]);
    expect(await paymentRow(orderId)).toMatchObject({ status: 'declined' });
    expect(await store.app.db('click_transactions').where({ order_id: orderId }).first()).toMatchObject({ state: -1, error: CLICK_PAYMENT_FAILED });
    const code = await store.app.db('stock_codes').where({ source: 'manual', number: codeIds[0] }).first();
    expect(code).toMatchObject({ status: 'available', order_id: null });
    expect(await store.app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
  });

  it('refuses a Complete after the hold ended (-9), so Click gives the money back, and cancels the order as expired', async () => {
    const { orderId } = await orderForClick();
    const attempt = clickAttempt(orderId, SUMS_TEXT);
    const prepared = await store.click.prepare(attempt);
    await store.fixtures.lapseHold(orderId);
    expect(codeOf(await store.click.complete(attempt, prepared.merchant_prepare_id ?? 0))).toBe(-9);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled' });
    expect((await orderRow(orderId)).notices).toEqual([{ code: 'PAYMENT_EXPIRED', params: {} }]);
    expect(await paymentRow(orderId)).toMatchObject({ status: 'expired' });
  });

  it('refuses a Complete after the expiry job released the hold (-9), and records the attempt cancelled', async () => {
    const { orderId } = await orderForClick();
    const attempt = clickAttempt(orderId, SUMS_TEXT);
    const prepared = await store.click.prepare(attempt);
    await store.fixtures.lapseHold(orderId);
    const logger = createLogger('silent', 'click-test');
    const expiry = createReservationExpiryService({ db: store.app.db, logger, catalogueChanges: createCatalogueChanges(store.app.invalidations) });
    await expiry.expireHolds();
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled' });
    expect(codeOf(await store.click.complete(attempt, prepared.merchant_prepare_id ?? 0))).toBe(-9);
    expect(await store.app.db('click_transactions').where({ order_id: orderId }).first()).toMatchObject({ state: -1, error: -9 });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'expired' });
  });

  it("credits a refund the store starts to the balance in USD at the order's rate: the SHOP API has no refund call", async () => {
    const { user, orderId, payUrl } = await orderForClick();
    await store.click.pay(payUrl);
    const admin = await store.app.createUser({ role: 'admin' });
    const refunded = await store.app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'card' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [refund] = await store.app.db('payment_refunds').where({ order_id: orderId });
    const logger = createLogger('silent', 'click-test');
    const refunds = createRefundsService({ db: store.app.db, gateways: createPaymentGateways({ config: store.app.config, db: store.app.db, logger }), logger });
    expect(await refunds.sendRefund(Number(refund.id))).toBe('failed');
    expect(await store.app.db('balance_ledger').where({ user_id: user.id, reason: 'order_refund' }).select('currency', 'amount')).toEqual([{ currency: 'usd', amount: 1099 }]);
  });
});

describe("the back office's payment card", () => {
  it("lists Click's calls as the payment's events: prepared and completed, or prepared and cancelled", async () => {
    const admin = await store.app.createUser({ role: 'admin' });
    const cardOf = async (orderId: number) => (await store.app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token })).body.payment;

    const paid = await orderForClick();
    const { attempt } = await store.click.pay(paid.payUrl);
    const card = await cardOf(paid.orderId);
    expect(card).toMatchObject({ provider: 'click', providerPaymentId: String(attempt.clickTransId), method: 'click', status: 'paid' });
    expect(card.events).toEqual([
      { id: expect.any(Number), eventType: 'click.prepare', providerEventId: String(attempt.clickTransId), receivedAt: expect.any(String), processedAt: expect.any(String) },
      { id: expect.any(Number), eventType: 'click.complete', providerEventId: String(attempt.clickTransId), receivedAt: expect.any(String), processedAt: expect.any(String) },
    ]);

    const failed = await orderForClick();
    await store.click.pay(failed.payUrl, { fail: CLICK_PAYMENT_FAILED });
    expect((await cardOf(failed.orderId)).events.map((event: { eventType: string }) => event.eventType)).toEqual(['click.prepare', 'click.cancel']);
  });
});

describe("the SHOP API's refusals", () => {
  it('refuses a wrong sign_string or another service with -1, changing nothing', async () => {
    const { orderId } = await orderForClick();
    const attempt = clickAttempt(orderId, SUMS_TEXT);
    const signed = store.click.form(attempt, 0);
    expect(await store.click.send({ ...signed, sign_string: 'f'.repeat(32) })).toMatchObject({ error: -1, error_note: 'SIGN CHECK FAILED!' });
    // Signed over another amount than the one sent.
    expect((await store.click.send({ ...signed, amount: '1.00' })).error).toBe(-1);
    expect((await store.click.send({ ...signed, service_id: '1' })).error).toBe(-1);
    expect(await store.app.db('click_transactions').where({ order_id: orderId })).toHaveLength(0);
  });

  it('answers -3 to an unknown action and -8 to a call with missing or malformed fields, or not a form', async () => {
    const { orderId } = await orderForClick();
    const signed = store.click.form(clickAttempt(orderId, SUMS_TEXT), 0);
    expect(await store.click.send({ ...signed, action: '2' })).toMatchObject({ error: -3, error_note: 'Action not found' });
    const { sign_time: _dropped, ...unsigned } = signed;
    expect(await store.click.send(unsigned)).toMatchObject({ error: -8, error_note: 'Error in request from click' });
    expect((await store.click.send({ ...signed, amount: '12,5' })).error).toBe(-8);
    expect((await store.click.send({ ...signed, click_trans_id: 'abc' })).error).toBe(-8);
    expect((await store.click.send(signed, { contentType: 'application/json' })).error).toBe(-8);
    expect((await store.click.send(signed, { method: 'GET' })).error).toBe(-8);
    // A Complete without merchant_prepare_id.
    const { merchant_prepare_id: _none, ...complete } = store.click.form(clickAttempt(orderId, SUMS_TEXT), 1, { merchantPrepareId: 1 });
    expect((await store.click.send(complete)).error).toBe(-8);
  });
});
