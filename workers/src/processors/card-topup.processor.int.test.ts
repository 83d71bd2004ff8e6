import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueChanges, createLogger, createReservationExpiryService } from '@topup/api';
import {
  createFixtures,
  decideOnSandboxPage,
  DECLINED_PLAYER,
  freefireTopup,
  pubgTopup,
  startGatewayPayment,
  startTestApp,
  steamTopup,
  type TestApp,
  type TestUser,
  waitForOrderStatus,
} from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

/** Gateway payments through the sandbox for every kind of order, with the workers delivering them. */

let app: TestApp;
let workers: RunningWorkers;
let fixtures: ReturnType<typeof createFixtures>;
const logger = createLogger('silent', 'card-topup-test');

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.steamCommission('3');
  workers = await startWorkers(app.config, logger);
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
});

/** A shopper with an empty balance: the card is their only way to pay. */
const newShopper = () => app.createUser();

async function startPayment(shopper: TestUser, body: Record<string, unknown>) {
  const { orderId, payUrl } = await startGatewayPayment(app, shopper, body);
  return { orderId, payPath: new URL(payUrl).pathname };
}

const decide = (payPath: string, decision: 'pay' | 'decline') => decideOnSandboxPage(app, payPath, decision);
const waitForOrder = (shopper: TestUser, orderId: number, status: string) => waitForOrderStatus(app, shopper, orderId, status);

const balancesOf = async (userId: number) =>
  Object.fromEntries((await app.db('balances').where({ user_id: userId }).select('currency', 'amount')).map((row) => [row.currency, Number(row.amount)]));

describe('GET /api/payment/methods', () => {
  it('offers the balance, card and SBP through the sandbox, charged in the order currency', async () => {
    const response = await app.request('GET', '/api/payment/methods');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      methods: ['balance', 'card', 'sbp'],
      provider: 'sandbox',
      charge_currency: null,
      rate_usd_rub: '79.000000',
      rate_usd_uzs: null,
      receipt_email_required: false,
      refunds_to_card: true,
      // The sandbox stands in for every gateway, so it takes every order currency.
      gateways: [{ provider: 'sandbox', methods: ['card', 'sbp'], currencies: ['usd', 'rub', 'uzs'], charge_currency: null, receipt_email_required: false, refunds_to_card: true }],
    });
  });
});

describe('a game top-up paid by card, by a shopper with no balance', () => {
  it('Free Fire: the order waits for the payment, then the workers deliver it', async () => {
    const shopper = await newShopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });

    const pending = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
    expect(pending.body).toMatchObject({ status: 'pending', payment_method: 'card', payment: { method: 'card', status: 'pending', amount: 1.99, currency: 'usd' } });
    expect(await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)])).toHaveLength(0);

    expect(await decide(payPath, 'pay')).toBe(`/orders/${orderId}`);
    const completed = await waitForOrder(shopper, orderId, 'completed');
    expect(completed.payment).toMatchObject({ method: 'card', status: 'paid', amount: 1.99, currency: 'usd', refunded: 0 });
    expect(await balancesOf(shopper.id)).toEqual({ usd: 0, rub: 0 });
    expect(await app.db('balance_ledger').where({ user_id: shopper.id })).toHaveLength(0);
  });

  it('PUBG by SBP: the packages\' codes are held for the payment and redeemed once it is confirmed', async () => {
    const shopper = await newShopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, ucAmount: 60, codes: 3 });
    const { orderId, payPath } = await startPayment(shopper, {
      type: 'topup',
      currency: 'rub',
      method: 'sbp',
      topupData: pubgTopup([pkg.id, pkg.id], { usd: 1.98, rub: 156.42 }),
    });
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('number', pkg.codeIds).orderBy('number').pluck('status')).toEqual(['reserved', 'reserved', 'available']);

    const page = await (await fetch(`${app.baseUrl}${payPath}`)).text();
    expect(page).toContain('SBP');
    expect(page).not.toContain('card_number');
    await decide(payPath, 'pay');
    const completed = await waitForOrder(shopper, orderId, 'completed');
    expect(completed.payment).toMatchObject({ method: 'sbp', status: 'paid', amount: 156.42, currency: 'rub' });
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('number', pkg.codeIds).orderBy('number').pluck('status')).toEqual(['used', 'used', 'available']);
  });

  it('Steam: charged the calculation (amount plus commission) and delivered', async () => {
    const shopper = await newShopper();
    const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: steamTopup() });
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ amount: 1030, currency: 'usd', method: 'card' });
    await decide(payPath, 'pay');
    await waitForOrder(shopper, orderId, 'completed');
  });

  it('refuses a wrong price, an unknown player and a method the gateway lacks, holding nothing', async () => {
    const shopper = await newShopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const wrongPrice = await app.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { type: 'topup', currency: 'usd', topupData: { ...freefireTopup(offer), price_usd: 0.5 } },
    });
    expect(wrongPrice.status).toBe(409);
    expect(wrongPrice.body.error.code).toBe('PRICE_CHANGED');
    const noPlayer = await app.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { type: 'topup', currency: 'usd', topupData: freefireTopup(offer, { player_id: '51234560' }) },
    });
    expect(noPlayer.status).toBe(422);
    const noTopup = await app.request('POST', '/api/payment/create', { token: shopper.token, body: { type: 'topup', currency: 'usd' } });
    expect(noTopup.status).toBe(400);
    const badMethod = await app.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { type: 'topup', currency: 'usd', method: 'cash', topupData: freefireTopup(offer) },
    });
    expect(badMethod.status).toBe(400);
    expect(await app.db('orders').where({ user_id: shopper.id })).toHaveLength(0);
    expect(await app.db('payments').where({ user_id: shopper.id })).toHaveLength(0);
  });
});

describe('a card-paid top-up the game declines', () => {
  const setRefundTo = (destination: 'balance' | 'card') =>
    app.db('currency_settings').insert({ id: 1, failed_card_topup_refund_to: destination }).onConflict('id').merge(['failed_card_topup_refund_to']);

  it('is refunded to the balance by default, once', async () => {
    await setRefundTo('balance');
    const shopper = await newShopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer, { player_id: DECLINED_PLAYER }) });
    await decide(payPath, 'pay');
    const failed = await waitForOrder(shopper, orderId, 'failed');
    expect(failed.notices).toEqual([expect.objectContaining({ code: 'TOPUP_DECLINED', params: expect.objectContaining({ refundTo: 'balance' }) })]);
    expect(failed.refunds).toEqual([{ destination: 'balance', amount: 1.99, currency: 'usd', status: 'succeeded', created_at: expect.any(String) }]);
    expect(await balancesOf(shopper.id)).toEqual({ usd: 199, rub: 0 });
  });

  it('is refunded to the card when the back office says so: the payment is refunded and the balance untouched', async () => {
    await setRefundTo('card');
    try {
      const shopper = await newShopper();
      const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
      const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer, { player_id: DECLINED_PLAYER }) });
      await decide(payPath, 'pay');
      const failed = await waitForOrder(shopper, orderId, 'failed');
      expect(failed.notices).toEqual([expect.objectContaining({ code: 'TOPUP_DECLINED', params: expect.objectContaining({ refundTo: 'card' }) })]);
      const settled = await vi.waitFor(
        async () => {
          const order = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
          expect(order.body.refunds).toEqual([{ destination: 'card', amount: 1.99, currency: 'usd', status: 'succeeded', created_at: expect.any(String) }]);
          return order.body;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(settled.payment).toMatchObject({ status: 'refunded', refunded: 1.99 });
      expect(await balancesOf(shopper.id)).toEqual({ usd: 0, rub: 0 });
    } finally {
      await setRefundTo('balance');
    }
  });
});

describe('a declined or abandoned card payment loses nothing', () => {
  async function cartOfTwo(shopper: TestUser) {
    const product = await fixtures.product({ title: 'Nova Card' });
    const codeIds = await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 2 });
    await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, quantity: 2 });
    return { product, codeIds };
  }
  const cartLines = (userId: number) => app.db('cart_items').where({ user_id: userId }).select('product_id', 'game_amount', 'price_usd', 'price_rub', 'quantity');

  it('a decline puts the lines back into the cart, and checking out again completes a new order', async () => {
    const shopper = await newShopper();
    const { product, codeIds } = await cartOfTwo(shopper);
    const before = await cartLines(shopper.id);
    const first = await startPayment(shopper, { type: 'order', amount: 20, currency: 'usd' });
    expect(await cartLines(shopper.id)).toEqual([]);

    await decide(first.payPath, 'decline');
    const cancelled = await waitForOrder(shopper, first.orderId, 'cancelled');
    expect(cancelled).toMatchObject({ returned_to_cart: true, notices: [{ code: 'CARD_DECLINED', params: {} }] });
    expect(await cartLines(shopper.id)).toEqual(before);
    expect(await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).pluck('status')).toEqual(['available', 'available']);
    const cart = await app.request('GET', '/api/cart', { token: shopper.token });
    expect(cart.body.data).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2, available_count: 2 })]);

    const second = await startPayment(shopper, { type: 'order', amount: 20, currency: 'usd' });
    await decide(second.payPath, 'pay');
    await waitForOrder(shopper, second.orderId, 'completed');
    expect((await app.db('orders').where({ id: first.orderId }).first()).status).toBe('cancelled');
  });

  it('an expired hold puts the lines back too', async () => {
    const shopper = await newShopper();
    await cartOfTwo(shopper);
    const { orderId } = await startPayment(shopper, { type: 'order', amount: 20, currency: 'usd' });
    await fixtures.lapseHold(orderId);
    await createReservationExpiryService({ db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) }).expireHolds();
    const cancelled = await waitForOrder(shopper, orderId, 'cancelled');
    expect(cancelled.returned_to_cart).toBe(true);
    expect(await cartLines(shopper.id)).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('lines go back at the current price of their codes when the store repriced them while the shopper paid', async () => {
    const shopper = await newShopper();
    const { product, codeIds } = await cartOfTwo(shopper);
    const { orderId, payPath } = await startPayment(shopper, { type: 'order', amount: 20, currency: 'usd' });
    await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).update({ price_usd: 1200, price_rub: 94_800 });
    await decide(payPath, 'decline');
    await waitForOrder(shopper, orderId, 'cancelled');
    const cart = await app.request('GET', '/api/cart', { token: shopper.token });
    expect(cart.body.data).toEqual([expect.objectContaining({ product_id: product.id, price_usd: 12, quantity: 2, available_count: 2 })]);
  });

  it('a declined card top-up releases its held PUBG codes; the receipt says it was declined', async () => {
    const shopper = await newShopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, codes: 1 });
    const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: pubgTopup([pkg.id], { usd: 0.99, rub: 78.21 }) });
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('number', pkg.codeIds).pluck('status')).toEqual(['reserved']);
    await decide(payPath, 'decline');
    const cancelled = await waitForOrder(shopper, orderId, 'cancelled');
    expect(cancelled).toMatchObject({ returned_to_cart: false, payment: { status: 'declined' } });
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('number', pkg.codeIds).pluck('status')).toEqual(['available']);
  });
});

describe('the back office refunds a card-paid order', () => {
  it('to the card: the refund goes through the gateway, the order fails with the reason, a second refund is refused', async () => {
    const admin = await app.createUser({ role: 'admin' });
    const shopper = await newShopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, payPath } = await startPayment(shopper, { type: 'topup', currency: 'usd', topupData: freefireTopup(offer) });
    await decide(payPath, 'pay');
    await waitForOrder(shopper, orderId, 'completed');

    const refund = await app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'card', note: 'Goodwill' } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const detail = await vi.waitFor(
      async () => {
        const response = await app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token });
        expect(response.body.refunds).toEqual([expect.objectContaining({ destination: 'card', status: 'succeeded', amount: 1.99, currency: 'usd', reason: 'Goodwill' })]);
        return response.body;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(detail).toMatchObject({
      status: 'failed',
      payment: { provider: 'sandbox', method: 'card', status: 'refunded', amount: 1.99, refundedAmount: 1.99, providerPaymentId: expect.stringMatching(/^pay_/) },
    });
    expect(detail.payment.events).toEqual([expect.objectContaining({ eventType: 'payment.succeeded', processedAt: expect.any(String) })]);
    expect((await orderOfShopper(shopper, orderId)).notices).toEqual([
      { code: 'STORE_REFUNDED', params: { refund: { amount: 1.99, currency: 'usd' }, refundTo: 'card' } },
      { code: 'STORE_NOTE', params: { text: 'Goodwill' } },
    ]);
    expect(await balancesOf(shopper.id)).toEqual({ usd: 0, rub: 0 });

    const again = await app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'card' } });
    expect(again.status).toBe(409);
  });

  it('to the card of a balance-paid order: 409, nothing changes', async () => {
    const admin = await app.createUser({ role: 'admin' });
    const shopper = await newShopper();
    await fixtures.fundBalance(shopper.id, 'usd', 1000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const placed = await app.request('POST', '/api/orders/topup', { token: shopper.token, body: { topupData: freefireTopup(offer), currency: 'usd' } });
    expect(placed.status).toBe(201);
    await waitForOrder(shopper, placed.body.orderId, 'completed');
    const refund = await app.request('POST', `/api/admin/orders/${placed.body.orderId}/refund`, { token: admin.token, body: { destination: 'card' } });
    expect(refund.status).toBe(409);
    expect((await orderOfShopper(shopper, placed.body.orderId)).status).toBe('completed');
    expect(await balancesOf(shopper.id)).toEqual({ usd: 801, rub: 0 });
  });
});

const orderOfShopper = (shopper: TestUser, orderId: number) =>
  app.request('GET', `/api/orders/${orderId}`, { token: shopper.token }).then((response) => response.body);
