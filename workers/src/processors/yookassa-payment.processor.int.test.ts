import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { convertMinor } from '@topup/common';
import { createCatalogueChanges, createLogger, createReservationExpiryService } from '@topup/api';
import {
  createFixtures,
  DECLINED_PLAYER,
  freefireTopup,
  paymentCallbacksOf,
  SANDBOX_PLAYER,
  scrapeMetrics,
  startGatewayPayment,
  startTestApp,
  startYookassaStandIn,
  type TestApp,
  type TestUser,
  waitForOrderStatus,
  type YookassaStandIn,
} from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

/**
 * The store paying through YooKassa: the real adapter against a local stand-in that speaks YooKassa's
 * HTTP format, with its checkout page and notifications, and the workers applying what the stand-in
 * says when asked (never what a notification claims).
 */

let app: TestApp;
let workers: RunningWorkers;
let yookassa: YookassaStandIn;
let fixtures: ReturnType<typeof createFixtures>;
const logger = createLogger('silent', 'yookassa-test');

beforeAll(async () => {
  yookassa = await startYookassaStandIn({ shopId: '123456', secretKey: 'test_secret_key' });
  app = await startTestApp({
    paymentProviders: ['yookassa'],
    yookassa: {
      shopId: '123456',
      secretKey: 'test_secret_key',
      apiUrl: yookassa.url,
      sendReceipt: true,
      vatCode: 1,
      paymentSubject: 'service',
      paymentMode: 'full_payment',
      taxSystemCode: undefined,
      // The stand-in notifies from this machine.
      notificationIps: ['127.0.0.1', '::1'],
      acceptTestPayments: true,
    },
  });
  yookassa.setNotificationUrl(`${app.baseUrl}/api/payment/webhook/yookassa`);
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.steamCommission('3');
  workers = await startWorkers(app.config, logger);
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
  await yookassa?.close();
});

const EMAIL = 'shopper@example.com';

async function startPayment(shopper: TestUser, body: Record<string, unknown>) {
  const { orderId, payUrl } = await startGatewayPayment(app, shopper, { email: EMAIL, ...body });
  return { orderId, payUrl, providerPaymentId: new URL(payUrl).pathname.split('/').pop()! };
}

/** The shopper on YooKassa's checkout page: YooKassa then notifies the store and sends the browser back. */
async function payOnCheckout(payUrl: string, decision: 'pay' | 'decline' = 'pay') {
  const response = await fetch(payUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const orderOf = (shopper: TestUser, orderId: number) => app.request('GET', `/api/orders/${orderId}`, { token: shopper.token }).then((response) => response.body);

const waitForOrder = (shopper: TestUser, orderId: number, status: string) => waitForOrderStatus(app, shopper, orderId, status);

/** A short while for queued checks to run: what must not happen has had its chance. */
const settle = async () => {
  await vi.waitFor(async () => {
    const open = await app.db('outbox').whereNull('dispatched_at').count({ n: '*' }).first();
    expect(Number(open?.n)).toBe(0);
  }, { timeout: 15_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const paymentOf = (orderId: number) => app.db('payments').where({ order_id: orderId }).first();

/** The capture (or cancel) calls the stand-in received for a payment, with their keys and answers. */
const callsOf = (providerPaymentId: string, action: 'capture' | 'cancel') =>
  yookassa.requests
    .filter((request) => request.path === `/v3/payments/${providerPaymentId}/${action}`)
    .map(({ idempotenceKey, status }) => ({ idempotenceKey, status }));
const capturesOf = (providerPaymentId: string) => callsOf(providerPaymentId, 'capture');

const expireHolds = () => createReservationExpiryService({ db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) }).expireHolds();

/** The clock moves past the payment's back-off: the next sweep reads it again. */
const makeDue = (paymentId: number) => app.db('payments').where({ id: paymentId }).update({ gateway_next_check_at: app.db.raw("now() - interval '1 second'") });

/** Runs `work` while YooKassa's notifications are lost: only the store's own reads learn anything. */
async function withoutNotifications(work: () => Promise<void>): Promise<void> {
  yookassa.setNotificationUrl(undefined);
  try {
    await work();
  } finally {
    yookassa.setNotificationUrl(`${app.baseUrl}/api/payment/webhook/yookassa`);
  }
}

/** A card payment the shopper paid (held) whose first capture YooKassa answers with `status`. */
async function heldCardPaymentWhoseCaptureFails(status: number) {
  const shopper = await app.createUser();
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
  const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
  const { id: paymentId } = await paymentOf(orderId);
  await yookassa.succeed(providerPaymentId);
  yookassa.failNext(status, 1, '/capture');
  await expect(callbacks().checkPayment(paymentId)).rejects.toThrow();
  return { shopper, orderId, providerPaymentId, paymentId };
}

const callbacks = () => paymentCallbacksOf(app, logger);

describe('paying through YooKassa', () => {
  it('the checkout learns that YooKassa charges in RUB and sends fiscal receipts', async () => {
    const methods = await app.request('GET', '/api/payment/methods');
    expect(methods.body).toEqual({
      methods: ['balance', 'card', 'sbp'],
      provider: 'yookassa',
      charge_currency: 'rub',
      rate_usd_rub: '79.000000',
      rate_usd_uzs: null,
      receipt_email_required: true,
      refunds_to_card: true,
      gateways: [{ provider: 'yookassa', methods: ['card', 'sbp'], currencies: ['usd', 'rub'], charge_currency: 'rub', receipt_email_required: true, refunds_to_card: true }],
    });
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const withoutEmail = await app.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) },
    });
    expect(withoutEmail.status).toBe(400);
    expect(withoutEmail.body.error.details).toEqual([{ field: 'email', message: 'is required: the receipt is sent there' }]);
  });

  it('a USD Free Fire top-up by card is charged its RUB total at the order rate, with a receipt, and completes', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, name: '100 Diamonds' });
    const { orderId, payUrl, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });

    const sent = yookassa.payments.get(providerPaymentId)!;
    const rub = convertMinor(199, '79');
    expect(sent.idempotenceKey).toBe((await app.db('payments').where({ order_id: orderId }).first('idempotence_key')).idempotence_key);
    expect(sent.request).toMatchObject({
      amount: { value: (rub / 100).toFixed(2), currency: 'RUB' },
      capture: false,
      confirmation: { type: 'redirect', return_url: `${app.config.publicUrl}/orders/${orderId}` },
      metadata: { order_id: String(orderId) },
      payment_method_data: { type: 'bank_card' },
    });
    expect(sent.receipt).toMatchObject({ customer: { email: EMAIL }, items: [{ description: '100 Diamonds', amount: { value: '157.21', currency: 'RUB' } }] });

    expect(await payOnCheckout(payUrl)).toBe(`${app.config.publicUrl}/orders/${orderId}`);
    const completed = await waitForOrder(shopper, orderId, 'completed');
    expect(completed).toMatchObject({ total: 1.99, currency: 'usd', payment: { provider: 'yookassa', method: 'card', status: 'paid', amount: 157.21, currency: 'rub' } });
    // Paid in two stages: held on the card, then captured by the store with the key kept on the payment.
    const payment = await paymentOf(orderId);
    expect(payment.capture_key).toMatch(UUID);
    expect(capturesOf(providerPaymentId)).toEqual([{ idempotenceKey: payment.capture_key, status: 200 }]);
    expect(yookassa.payments.get(providerPaymentId)!.object).toMatchObject({ status: 'succeeded', amount: { value: '157.21' } });
  });

  it('PUBG by SBP and Steam by card complete the same way', async () => {
    const shopper = await app.createUser();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, codes: 1 });
    const pubg = await startPayment(shopper, {
      type: 'topup',
      currency: 'rub',
      method: 'sbp',
      topupData: { service: 'pubg', player_id: SANDBOX_PLAYER, offer_id: -1, price_usd: 0.99, price_rub: 78.21, packages: [{ denomination_id: pkg.id }] },
    });
    expect(yookassa.payments.get(pubg.providerPaymentId)!.request).toMatchObject({ payment_method_data: { type: 'sbp' }, amount: { value: '78.21' } });
    const steam = await startPayment(shopper, {
      type: 'topup',
      currency: 'rub',
      topupData: {
        service: 'steam',
        login: 'gabe_N1',
        player_id: 'gabe_N1',
        offer_id: 0,
        price_usd: 10,
        price_rub: 790,
        input_currency: 'usd',
        commission: 0.3,
        user_balance_currency: 'rub',
        amount: 10,
      },
    });
    await payOnCheckout(pubg.payUrl);
    await payOnCheckout(steam.payUrl);
    await waitForOrder(shopper, pubg.orderId, 'completed');
    const steamOrder = await waitForOrder(shopper, steam.orderId, 'completed');
    expect(steamOrder.payment).toMatchObject({ amount: 813.7, currency: 'rub' });
  });

  it('a top-up the game declines is refunded to the card through YooKassa when the shop chooses so', async () => {
    await app.db('currency_settings').insert({ id: 1, failed_card_topup_refund_to: 'card' }).onConflict('id').merge(['failed_card_topup_refund_to']);
    try {
      const shopper = await app.createUser();
      const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
      const { orderId, payUrl, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer, { player_id: DECLINED_PLAYER }) });
      await payOnCheckout(payUrl);
      await waitForOrder(shopper, orderId, 'failed');
      await vi.waitFor(
        async () => {
          const order = await orderOf(shopper, orderId);
          expect(order.refunds).toEqual([expect.objectContaining({ destination: 'card', status: 'succeeded', amount: 157.21, currency: 'rub' })]);
          // The order's payment and refunds are read one after the other: both are waited for.
          expect(order.payment).toMatchObject({ status: 'refunded', refunded: 157.21 });
          return order;
        },
        { timeout: 10_000, interval: 50 },
      );
      const refund = [...yookassa.refunds.values()].find((entry) => entry.request.payment_id === providerPaymentId)!;
      expect(refund.idempotenceKey).toBe((await app.db('payment_refunds').where({ order_id: orderId }).first('idempotence_key')).idempotence_key);
      expect(refund.request).toMatchObject({ amount: { value: '157.21', currency: 'RUB' } });
    } finally {
      await app.db('currency_settings').where({ id: 1 }).update({ failed_card_topup_refund_to: 'balance' });
    }
  });
});

describe('YooKassa notifications are hints, never trusted as they stand', () => {
  it('a forged "succeeded" for a payment still pending changes nothing, and the real one later completes the order', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const forged = JSON.stringify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: providerPaymentId, status: 'succeeded', paid: true, amount: { value: '157.21', currency: 'RUB' }, metadata: { order_id: String(orderId) } },
    });
    const answer = await fetch(`${app.baseUrl}/api/payment/webhook/yookassa`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged });
    expect(answer.status).toBe(200);
    await settle();
    expect((await orderOf(shopper, orderId)).status).toBe('pending');
    expect(await app.db('gateway_events').whereRaw("payload->>'provider_payment_id' = ?", [providerPaymentId])).toHaveLength(0);

    await yookassa.succeed(providerPaymentId, { notify: true });
    await waitForOrder(shopper, orderId, 'completed');
  });

  it("a notification naming another order, or a payment that is not ours, changes nothing", async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const mine = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const other = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const post = (object: Record<string, unknown>) =>
      fetch(`${app.baseUrl}/api/payment/webhook/yookassa`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object }),
      });
    // Our pending payment's id with another order's id in it: read back, still pending, nothing applied.
    expect((await post({ id: mine.providerPaymentId, status: 'succeeded', metadata: { order_id: String(other.orderId) } })).status).toBe(200);
    // Not ours: answered 200 all the same, since YooKassa re-delivers anything else for a day.
    const unknown = await post({ id: '2f0f5a4e-000f-5000-9000-1b68e7b15f3f', status: 'succeeded' });
    expect(unknown.status).toBe(200);
    expect((await post({ nothing: true })).status).toBe(400);
    await settle();
    expect((await orderOf(shopper, mine.orderId)).status).toBe('pending');
    expect((await orderOf(shopper, other.orderId)).status).toBe('pending');
  });

  it('ten concurrent copies of a real notification apply it once', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    await yookassa.succeed(providerPaymentId, { notify: false });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => yookassa.notify('payment.waiting_for_capture', providerPaymentId)));
    expect(statuses).toEqual(Array(10).fill(200));
    await waitForOrder(shopper, orderId, 'completed');
    await settle();
    expect(await app.db('gateway_events').whereRaw("payload->>'provider_payment_id' = ?", [providerPaymentId])).toHaveLength(1);
    expect(await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)])).toHaveLength(1);
    // However many checks decided to capture at once, they sent the one key stored on the payment.
    const { capture_key: captureKey } = await paymentOf(orderId);
    expect(new Set(capturesOf(providerPaymentId).map((capture) => capture.idempotenceKey))).toEqual(new Set([captureKey]));
  });

  it('a lost notification does not strand the order: the sweep reads open payments back', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const paid = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const declined = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    // Lost for real: with the notifications sent, the workers would settle the same payments beside the
    // sweep, and what this asserts is the sweep alone settling them.
    await withoutNotifications(async () => {
      await yookassa.succeed(paid.providerPaymentId);
      await yookassa.cancel(declined.providerPaymentId);
      const sweep = await callbacks().pollOpenPayments();
      expect(sweep.failures).toBe(0);
    });
    await waitForOrder(shopper, paid.orderId, 'completed');
    await waitForOrder(shopper, declined.orderId, 'cancelled');
  });

  it('YooKassa down when the payment is created: 503, the order cancelled and nothing charged', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    // Down for every attempt: a single 500 is repeated with the same key.
    yookassa.failNext(500, 3, '/payments');
    const failed = await app.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { type: 'topup', currency: 'usd', email: EMAIL, topupData: freefireTopup(offer) },
    });
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toContain('Nothing was charged');
    const [order] = await app.db('orders').where({ user_id: shopper.id });
    expect(order.status).toBe('cancelled');
    expect(await app.db('payments').where({ order_id: order.id }).first()).toMatchObject({ status: 'declined', provider_payment_id: null });
  });
});

describe('how an order was paid and why a payment failed, as YooKassa says', () => {
  it('an SBP payment is recorded as sbp: the order, the shopper, the back office and the metrics say so', async () => {
    const shopper = await app.createUser();
    const admin = await app.createUser({ role: 'admin' });
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const sbpOrders = async () => (await scrapeMetrics(app, admin.token)).value('orders_by_payment_method', { payment_method: 'sbp' }) ?? 0;
    const before = await sbpOrders();

    const { orderId, payUrl } = await startPayment(shopper, { type: 'topup', currency: 'usd', method: 'sbp', topupData: freefireTopup(offer) });
    await payOnCheckout(payUrl);
    const completed = await waitForOrder(shopper, orderId, 'completed');
    expect(completed).toMatchObject({ payment_method: 'sbp', payment: { method: 'sbp', status: 'paid' } });
    const listed = await app.request('GET', '/api/orders', { token: shopper.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: orderId, payment_method: 'sbp' })]);

    const shown = await app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token });
    expect(shown.body).toMatchObject({ paymentMethod: 'sbp', payment: { method: 'sbp' } });
    const filter = encodeURIComponent(JSON.stringify({ userId: shopper.id }));
    const list = await app.request('GET', `/api/admin/orders?filter=${filter}`, { token: admin.token });
    expect(list.body).toEqual([expect.objectContaining({ id: orderId, paymentMethod: 'sbp' })]);
    expect(await sbpOrders()).toBe(before + 1);
  });

  it("YooKassa's cancellation reason is what the shopper is told, and a plain SBP decline says SBP", async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const cases = [
      { method: 'card', reason: '3d_secure_failed', code: 'PAYMENT_3DS_FAILED' },
      { method: 'card', reason: 'insufficient_funds', code: 'PAYMENT_INSUFFICIENT_FUNDS' },
      { method: 'sbp', reason: 'expired_on_confirmation', code: 'PAYMENT_EXPIRED' },
      { method: 'sbp', reason: 'general_decline', code: 'SBP_DECLINED' },
    ];
    const started = await Promise.all(
      cases.map(async (expected) => ({
        ...expected,
        ...(await startPayment(shopper, { type: 'topup', currency: 'usd', method: expected.method, topupData: freefireTopup(offer) })),
      })),
    );
    for (const { providerPaymentId, reason } of started) await yookassa.cancel(providerPaymentId, { party: 'payment_network', reason });
    for (const { orderId, method, code } of started) {
      const cancelled = await waitForOrder(shopper, orderId, 'cancelled');
      expect(cancelled, code).toMatchObject({ payment_method: method, notices: [{ code, params: {} }], payment: { status: 'declined' } });
    }
  });
});

describe('the hold matches YooKassa: cards in two stages', () => {
  it('a card paid after the hold ended is cancelled at YooKassa: nothing charged, the order stays cancelled, the shopper is told', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    await fixtures.lapseHold(orderId);
    await expireHolds();
    await waitForOrder(shopper, orderId, 'cancelled');

    await yookassa.succeed(providerPaymentId);
    await vi.waitFor(() => expect(yookassa.payments.get(providerPaymentId)!.object).toMatchObject({ status: 'canceled', paid: false }), {
      timeout: 10_000,
      interval: 50,
    });
    await settle();
    const payment = await paymentOf(orderId);
    expect(payment).toMatchObject({ status: 'expired', gateway_status: 'canceled', capture_key: null, cancel_key: expect.stringMatching(UUID) });
    expect(callsOf(providerPaymentId, 'cancel')).toEqual([{ idempotenceKey: payment.cancel_key, status: 200 }]);
    expect(capturesOf(providerPaymentId)).toEqual([]);
    expect([...yookassa.refunds.values()].filter((refund) => refund.request.payment_id === providerPaymentId)).toEqual([]);
    expect(await app.db('balance_ledger').where({ user_id: shopper.id })).toEqual([]);
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'cancelled',
      notices: [
        { code: 'PAYMENT_EXPIRED', params: {} },
        { code: 'LATE_PAYMENT_CANCELLED', params: {} },
      ],
    });
  });

  it('an SBP payment that succeeds after its order was cancelled is refunded through YooKassa, not credited as balance', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', method: 'sbp', topupData: freefireTopup(offer) });
    expect(yookassa.payments.get(providerPaymentId)!.request).toMatchObject({ capture: true, payment_method_data: { type: 'sbp' } });
    await fixtures.lapseHold(orderId);
    await expireHolds();
    await waitForOrder(shopper, orderId, 'cancelled');

    await yookassa.succeed(providerPaymentId);
    const order = await vi.waitFor(
      async () => {
        const shown = await orderOf(shopper, orderId);
        expect(shown.refunds).toEqual([expect.objectContaining({ destination: 'card', status: 'succeeded', amount: 157.21, currency: 'rub' })]);
        return shown;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(order).toMatchObject({
      status: 'cancelled',
      notices: [
        { code: 'PAYMENT_EXPIRED', params: {} },
        { code: 'LATE_PAYMENT_REFUNDED', params: { refund: { amount: 1.99, currency: 'usd' } } },
      ],
    });
    const refunds = [...yookassa.refunds.values()].filter((refund) => refund.request.payment_id === providerPaymentId);
    expect(refunds.map((refund) => refund.request.amount)).toEqual([{ value: '157.21', currency: 'RUB' }]);
    await settle();
    expect(await app.db('balance_ledger').where({ user_id: shopper.id })).toEqual([]);
  });

  it('a capture that fails on the way is sent again with the same key and captures once, even after the hold ended', async () => {
    await withoutNotifications(async () => {
      const { shopper, orderId, providerPaymentId, paymentId } = await heldCardPaymentWhoseCaptureFails(500);
      const decided = await paymentOf(orderId);
      expect(decided).toMatchObject({ status: 'pending', gateway_status: 'waiting_for_capture', capture_key: expect.stringMatching(UUID) });

      // The capture was decided while the order held its codes: the hold's end no longer cancels it.
      await fixtures.lapseHold(orderId);
      await expireHolds();
      expect((await orderOf(shopper, orderId)).status).toBe('pending');

      await makeDue(paymentId);
      expect((await callbacks().pollOpenPayments()).failures).toBe(0);
      await waitForOrder(shopper, orderId, 'completed');
      expect(await callbacks().checkPayment(paymentId)).toBe('already-processed');
      expect(capturesOf(providerPaymentId)).toEqual([
        { idempotenceKey: decided.capture_key, status: 500 },
        { idempotenceKey: decided.capture_key, status: 200 },
      ]);
      expect(yookassa.payments.get(providerPaymentId)!.object).toMatchObject({ status: 'succeeded', amount: { value: '157.21' } });
      expect(await app.db('order_events').where({ order_id: orderId, kind: 'payment_succeeded' })).toHaveLength(1);
    });
  });

  it('a capture YooKassa refuses flags the order for an operator; once a capture goes through, the order completes', async () => {
    await withoutNotifications(async () => {
      const { shopper, orderId, paymentId } = await heldCardPaymentWhoseCaptureFails(400);
      expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'pending', attention_since: expect.any(Date) });
      const [flag] = await app.db('order_events').where({ order_id: orderId, kind: 'attention_raised' });
      expect(flag.payload).toMatchObject({ cause: 'payment_refused', decision: 'capture', status: 400 });

      await makeDue(paymentId);
      expect((await callbacks().pollOpenPayments()).failures).toBe(0);
      await waitForOrder(shopper, orderId, 'completed');
      expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ attention_since: null });
    });
  });
});

describe('what YooKassa says is applied, always', () => {
  it('a payment whose apply failed is read back by the next sweep and applied, and its hold ending does not cancel it', async () => {
    await app.db.raw(`
      CREATE TABLE IF NOT EXISTS failing_apply (order_id bigint PRIMARY KEY);
      CREATE OR REPLACE FUNCTION fail_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'payment_succeeded' AND EXISTS (SELECT 1 FROM failing_apply WHERE order_id = NEW.order_id) THEN
          RAISE EXCEPTION 'apply refused for order %', NEW.order_id;
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER IF EXISTS fail_apply ON order_events;
      CREATE TRIGGER fail_apply BEFORE INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION fail_apply();
    `);
    await withoutNotifications(async () => {
      const shopper = await app.createUser();
      const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
      const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', method: 'sbp', topupData: freefireTopup(offer) });
      const { id: paymentId } = await paymentOf(orderId);
      await app.db('failing_apply').insert({ order_id: orderId });
      await yookassa.succeed(providerPaymentId);
      await expect(callbacks().checkPayment(paymentId)).rejects.toThrow(/apply refused/);
      expect(await paymentOf(orderId)).toMatchObject({ status: 'pending', gateway_status: 'succeeded' });

      await fixtures.lapseHold(orderId);
      await expireHolds();
      expect((await orderOf(shopper, orderId)).status).toBe('pending');

      await app.db('failing_apply').where({ order_id: orderId }).delete();
      await makeDue(paymentId);
      expect((await callbacks().pollOpenPayments()).failures).toBe(0);
      const completed = await waitForOrder(shopper, orderId, 'completed');
      expect(completed.payment).toMatchObject({ status: 'paid', method: 'sbp' });
      expect(await app.db('balance_ledger').where({ user_id: shopper.id })).toEqual([]);
      expect([...yookassa.refunds.values()].filter((refund) => refund.request.payment_id === providerPaymentId)).toEqual([]);
    });
  });

  it('a payment of another amount than the order charged is never applied: the order is flagged for an operator', async () => {
    const admin = await app.createUser({ role: 'admin' });
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    // The store expects one rouble more than YooKassa will report.
    await app.db('payments').where({ order_id: orderId }).increment('amount', 100);

    await yookassa.succeed(providerPaymentId);
    const flagged = await vi.waitFor(
      async () => {
        const [event] = await app.db('order_events').where({ order_id: orderId, kind: 'attention_raised' });
        expect(event).toBeDefined();
        return event;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(flagged.payload).toMatchObject({ cause: 'payment_mismatch', expected: { amount: 15_821, currency: 'rub' }, got: { amount: 15_721, currency: 'rub' } });
    await settle();
    expect(capturesOf(providerPaymentId)).toEqual([]);
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'pending', attention_since: expect.any(Date) });

    // An operator sees it; the hold's end leaves it to them.
    const dashboard = await app.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.needsAttention).toContainEqual(expect.objectContaining({ orderId, flagged: true }));
    await fixtures.lapseHold(orderId);
    await expireHolds();
    expect((await orderOf(shopper, orderId)).status).toBe('pending');
  });
});

describe('the sweep backs off per payment', () => {
  it('reads an open payment back after 1, 2, 4 ... minutes, and a notification starts that again', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const { id: paymentId } = await paymentOf(orderId);
    const reads = () => yookassa.requests.filter((request) => request.method === 'GET' && request.path === `/v3/payments/${providerPaymentId}`).length;
    const waitMinutes = async () => {
      const row = await app.db('payments').where({ id: paymentId }).first(app.db.raw('extract(epoch from gateway_next_check_at - gateway_checked_at) / 60 as minutes'), 'gateway_checks');
      return [Math.round(Number(row.minutes)), row.gateway_checks];
    };

    await callbacks().pollOpenPayments();
    expect(reads()).toBe(1);
    expect(await waitMinutes()).toEqual([1, 1]);
    await callbacks().pollOpenPayments();
    expect(reads()).toBe(1);

    for (const [minutes, checks] of [[2, 2], [4, 3], [8, 4], [16, 5], [32, 6], [60, 7], [60, 8]]) {
      await makeDue(paymentId);
      await callbacks().pollOpenPayments();
      expect(await waitMinutes()).toEqual([minutes, checks]);
    }
    expect(reads()).toBe(8);

    expect(await yookassa.notify('payment.waiting_for_capture', providerPaymentId)).toBe(200);
    await vi.waitFor(async () => expect(await waitMinutes()).toEqual([1, 1]), { timeout: 10_000, interval: 50 });
    expect(reads()).toBe(9);
  });

  it('stops a sweep at the first 429: the rest wait for the next sweep instead of being turned away too', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const start = () => startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const started = [await start(), await start(), await start()];
    const ids = await Promise.all(started.map(async ({ orderId }) => (await paymentOf(orderId)).id));
    // Only these three are due, the first of them first.
    await app.db('payments').whereNotIn('id', ids).update({ gateway_next_check_at: app.db.raw("now() + interval '1 day'") });
    await app.db('payments').whereIn('id', ids).update({ gateway_next_check_at: app.db.raw("now() - interval '1 minute'") });
    await app.db('payments').where({ id: ids[0] }).update({ gateway_next_check_at: app.db.raw("now() - interval '1 hour'") });
    const reads = () =>
      started.map(({ providerPaymentId }) => yookassa.requests.filter((request) => request.method === 'GET' && request.path === `/v3/payments/${providerPaymentId}`).length);

    yookassa.failNext(429, 1, `/payments/${started[0]!.providerPaymentId}`);
    expect(await callbacks().pollOpenPayments()).toMatchObject({ payments: 3, failures: 1, rateLimited: true });
    expect(reads()).toEqual([1, 0, 0]);

    for (const id of ids) await makeDue(id);
    expect(await callbacks().pollOpenPayments()).toMatchObject({ payments: 3, failures: 0, rateLimited: false });
    expect(reads()).toEqual([2, 1, 1]);
  });
});
