import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usdToUzsMinor } from '@topup/common';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { freefireTopup, startGatewayPayment } from '../../testing/topup-data';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
});

beforeEach(async () => {
  await fixtures.usdUzsRate('12650.5');
});

afterAll(async () => {
  await app.close();
});

/** 10 game units at 10.99 USD / 868.21 RUB; 1.00 USD: the rounding's half case at 12650.5. */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };
const ONE_DOLLAR = { gameAmount: 1, priceUsd: 100, priceRub: 7900 };

const rowsOf = async (table: string, userId: number) => Number((await app.db(table).where({ user_id: userId }).count({ n: '*' }).first())?.n);

async function shopperWithCart() {
  const user = await app.createUser();
  const product = await fixtures.product({ title: 'Sum Card' });
  await fixtures.codes({ productId: product.id, ...OPTION, count: 2 });
  await fixtures.codes({ productId: product.id, ...ONE_DOLLAR, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 2 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...ONE_DOLLAR, quantity: 1 });
  await fixtures.fundBalance(user.id, 'usd', 100_000);
  return user;
}

describe('usdToUzsMinor', () => {
  it('converts cents to whole sums once, half away from zero, in tiyin', () => {
    expect(usdToUzsMinor(100, '12650.5')).toBe(1_265_100);
    expect(usdToUzsMinor(1099, '12650.5')).toBe(13_902_900);
    expect(usdToUzsMinor(1099, '12650')).toBe(13_902_400);
    expect(usdToUzsMinor(0, '12650')).toBe(0);
  });
});

describe('orders in UZS', () => {
  it('prices the cart in whole sums from USD, locks the rate, and a later rate change never reprices it', async () => {
    const user = await shopperWithCart();
    const cart = await app.request('GET', '/api/cart', { token: user.token });
    expect(cart.status).toBe(200);
    // 2 × 139 029 + 12 651 sums: each unit is its USD price converted and rounded once.
    const total = 2 * 139_029 + 12_651;

    const { orderId } = await startGatewayPayment(app, user, { type: 'order', amount: total, currency: 'uzs', method: 'card' });
    await fixtures.usdUzsRate('13000');

    const order = await app.db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ currency: 'uzs', total: total * 100, total_usd: 2 * 1099 + 100, rate_usd_uzs: '12650.500000', status: 'pending' });
    const items = await app.db('order_items').where({ order_id: orderId }).orderBy('id').select('amount', 'price_usd', 'rate_used');
    expect(items.map((item) => item.amount)).toEqual([13_902_900, 13_902_900, 1_265_100]);
    const payment = await app.db('payments').where({ order_id: orderId }).first();
    expect(payment).toMatchObject({ amount: total * 100, currency: 'uzs', provider: 'sandbox' });

    const read = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(read.body).toMatchObject({ currency: 'uzs', total });
  });

  it('answers 409 PRICE_CHANGED with the total in sums when the shopper saw another one', async () => {
    const user = await shopperWithCart();
    const response = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'order', amount: 290_000, currency: 'uzs', method: 'card' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currency: 'uzs' } });
    expect(await rowsOf('orders', user.id)).toBe(0);
  });

  it('refuses to pay a UZS cart or top-up from the balance with 409, and changes nothing', async () => {
    const user = await shopperWithCart();
    const cart = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'uzs' } });
    expect(cart.status).toBe(409);
    expect(cart.body.error).toMatchObject({ code: 'NOT_PAYABLE_FROM_BALANCE', details: { currency: 'uzs' } });
    expect(cart.body.error.message).toMatch(/USD and RUB/);

    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15721 });
    const topup = await app.request('POST', '/api/orders/topup', {
      token: user.token,
      body: { topupData: freefireTopup(offer, { currency: 'uzs' }), currency: 'uzs' },
    });
    expect(topup.status).toBe(409);
    expect(topup.body.error.code).toBe('NOT_PAYABLE_FROM_BALANCE');
    expect(await rowsOf('orders', user.id)).toBe(0);
    expect(await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first()).toMatchObject({ amount: 100_000 });
    expect(await rowsOf('cart_items', user.id)).toBe(2);
  });

  it('prices a top-up in sums from its USD price, checking the USD price the page converted', async () => {
    const user = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15721 });
    const { orderId } = await startGatewayPayment(app, user, { type: 'topup', topupData: freefireTopup(offer, { currency: 'uzs' }), currency: 'uzs', method: 'card' });
    const order = await app.db('orders').where({ id: orderId }).first();
    // 1.99 × 12 650.5 = 25 174.495 sums: 25 174.
    expect(order).toMatchObject({ currency: 'uzs', total: 2_517_400, total_usd: 199, rate_usd_uzs: '12650.500000' });

    const stale = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'topup', topupData: freefireTopup(offer, { price_usd: 1.49, currency: 'uzs' }), currency: 'uzs', method: 'card' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currency: 'uzs', total: 25_174 } });
  });

  it('refunds a paid UZS order to the balance in USD at the rate the order was priced at', async () => {
    const user = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15721 });
    const { orderId } = await startGatewayPayment(app, user, { type: 'topup', topupData: freefireTopup(offer, { currency: 'uzs' }), currency: 'uzs', method: 'card' });
    await app.db('orders').where({ id: orderId }).update({ status: 'processing', paid_at: app.db.fn.now() });
    await app.db('payments').where({ order_id: orderId }).update({ status: 'paid' });
    await fixtures.usdUzsRate('20000');

    const refunded = await app.request('POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { destination: 'balance' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // 25 174 sums at 12 650.5: 1.99 USD (1.989957... rounded once).
    const ledger = await app.db('balance_ledger').where({ user_id: user.id, reason: 'order_refund' }).select('currency', 'amount');
    expect(ledger).toEqual([{ currency: 'usd', amount: 199 }]);
  });
});
