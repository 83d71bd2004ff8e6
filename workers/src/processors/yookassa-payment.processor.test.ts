import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { convertMinor } from '@topup/common';
import { createCatalogueChanges, createLogger, createPaymentCallbackService, createPaymentGateways, createReservationExpiryService } from '@topup/api';
import {
  createFixtures,
  DECLINED_PLAYER,
  freefireTopup,
  SANDBOX_PLAYER,
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
    paymentProvider: 'yookassa',
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
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
};

/** The callback service as the workers build it, to run the schedule's sweep on demand. */
const callbacks = () =>
  createPaymentCallbackService({
    db: app.db,
    logger,
    gateways: createPaymentGateways({ config: app.config, db: app.db, logger }),
    catalogueChanges: createCatalogueChanges(app.invalidations),
  });

describe('paying through YooKassa', () => {
  it('the checkout learns that YooKassa charges in RUB and sends fiscal receipts', async () => {
    const methods = await app.request('GET', '/api/payment/methods');
    expect(methods.body).toEqual({
      methods: ['balance', 'card', 'sbp'],
      provider: 'yookassa',
      charge_currency: 'rub',
      rate_usd_rub: '79.000000',
      receipt_email_required: true,
      refunds_to_card: true,
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
    expect(sent.idempotenceKey).toMatch(/^payment-\d+$/);
    expect(sent.request).toMatchObject({
      amount: { value: (rub / 100).toFixed(2), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `${app.config.publicUrl}/orders/${orderId}` },
      metadata: { order_id: String(orderId) },
      payment_method_data: { type: 'bank_card' },
    });
    expect(sent.receipt).toMatchObject({ customer: { email: EMAIL }, items: [{ description: '100 Diamonds', amount: { value: '157.21', currency: 'RUB' } }] });

    expect(await payOnCheckout(payUrl)).toBe(`${app.config.publicUrl}/orders/${orderId}`);
    const completed = await waitForOrder(shopper, orderId, 'completed');
    expect(completed).toMatchObject({ total: 1.99, currency: 'usd', payment: { provider: 'yookassa', method: 'card', status: 'paid', amount: 157.21, currency: 'rub' } });
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
      const refunded = await vi.waitFor(
        async () => {
          const order = await orderOf(shopper, orderId);
          expect(order.refunds).toEqual([expect.objectContaining({ destination: 'card', status: 'succeeded', amount: 157.21, currency: 'rub' })]);
          return order;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(refunded.payment).toMatchObject({ status: 'refunded', refunded: 157.21 });
      const refund = [...yookassa.refunds.values()].find((entry) => entry.request.payment_id === providerPaymentId)!;
      expect(refund.idempotenceKey).toMatch(/^refund-\d+$/);
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
    await yookassa.succeed(providerPaymentId);
    const statuses = await Promise.all(Array.from({ length: 10 }, () => yookassa.notify('payment.succeeded', providerPaymentId)));
    expect(statuses).toEqual(Array(10).fill(200));
    await waitForOrder(shopper, orderId, 'completed');
    await settle();
    expect(await app.db('gateway_events').whereRaw("payload->>'provider_payment_id' = ?", [providerPaymentId])).toHaveLength(1);
    expect(await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)])).toHaveLength(1);
  });

  it('a lost notification does not strand the order: the sweep reads open payments back', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const paid = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    const declined = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    await yookassa.succeed(paid.providerPaymentId);
    await yookassa.cancel(declined.providerPaymentId);
    const sweep = await callbacks().pollOpenPayments();
    expect(sweep.failures).toBe(0);
    await waitForOrder(shopper, paid.orderId, 'completed');
    await waitForOrder(shopper, declined.orderId, 'cancelled');
  });

  it('a payment that succeeds after the hold ended is credited to the balance once, and the order stays cancelled', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, providerPaymentId } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    await fixtures.lapseHold(orderId);
    await createReservationExpiryService({ db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) }).expireHolds();
    await waitForOrder(shopper, orderId, 'cancelled');

    await yookassa.succeed(providerPaymentId, { notify: true });
    await Promise.all([yookassa.notify('payment.succeeded', providerPaymentId), callbacks().pollOpenPayments()]);
    await vi.waitFor(async () => {
      const credits = await app.db('balance_ledger').where({ user_id: shopper.id, reason: 'late_payment_credit' });
      expect(credits).toEqual([expect.objectContaining({ amount: 15_721, currency: 'rub' })]);
    });
    await settle();
    expect(await app.db('balance_ledger').where({ user_id: shopper.id })).toHaveLength(1);
    expect((await orderOf(shopper, orderId)).status).toBe('cancelled');
  });

  it('YooKassa down when the payment is created: 503, the order cancelled and nothing charged', async () => {
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    yookassa.failNext(500);
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
