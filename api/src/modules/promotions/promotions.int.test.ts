import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createLogger } from '../../logger';
import { SandboxGameProvider } from '../../providers/game';
import { auditRowsOf } from '../../testing/admin-api';
import { freefireTopup, MOBILE_LEGENDS, paymentCallbacksOf, pubgTopup, startGatewayPayment, startYookassaStore, type TestApp, type TestUser, type YookassaStandIn, type YookassaStore } from '../../testing';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';

/*
 * Promotions that discount (docs/architecture.md, "Promotions that discount"): every listing shows the
 * sale beside the list price, and checkout charges it, by balance and by card (the YooKassa stand-in),
 * for codes of a product, a PUBG package, a Free Fire offer and any game's denomination; the client keeps
 * sending list prices.
 */

let store: YookassaStore;
let app: TestApp;
let yookassa: YookassaStandIn;
let admin: TestUser;
let fixtures: YookassaStore['fixtures'];
const logger = createLogger('silent', 'promotions-test');

beforeAll(async () => {
  store = await startYookassaStore({ config: { catalogueCacheTtlMs: 3_600_000 } });
  ({ app, yookassa, fixtures } = store);
  admin = await app.createUser({ role: 'admin' });
});

afterAll(() => store?.close());

const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });

async function promotion(fields: Record<string, unknown>) {
  const response = await asAdmin('POST', '/api/admin/promotions', { text: 'Sale', backgroundColor: '#ff5722', ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number };
}

/** 10 units at 10.99 USD / 868.21 RUB (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

async function productOnSale(count: number) {
  const product = await fixtures.product({ title: `Sale Card ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` });
  await fixtures.codes({ productId: product.id, ...OPTION, count });
  return product;
}

async function shopper(funds: { usd?: number; rub?: number } = {}) {
  const user = await app.createUser();
  if (funds.usd) await fixtures.fundBalance(user.id, 'usd', funds.usd);
  if (funds.rub) await fixtures.fundBalance(user.id, 'rub', funds.rub);
  return user;
}

const balanceOf = async (userId: number, currency: string) => Number((await app.db('balances').where({ user_id: userId, currency }).first())?.amount ?? 0);
const productCard = async (slug: string) => (await app.request('GET', `/api/products/slug/${slug}`)).body;

const callbacks = () => paymentCallbacksOf(app, logger);

/** Pays the order's pending YooKassa payment in the stand-in and applies it. */
async function payByCard(orderId: number, payUrl: string) {
  await yookassa.succeed(new URL(payUrl).pathname.split('/').pop()!, { notify: false });
  const payment = await app.db('payments').where({ order_id: orderId }).first('id');
  expect(await callbacks().checkPayment(payment.id)).toBe('paid');
}

describe('a promotion on a product', () => {
  it('is listed in the catalogue, the product page, search, the options and the cart, charged from the balance, shown on the receipt, and refunded as paid', async () => {
    const product = await productOnSale(2);
    const sale = await promotion({ discountType: 'percent', discountValue: 15, productIds: [product.id] });
    // 15 % of 10.99 is 1.6485: 1.65 off; of 868.21, 130.2315: 130.23 off.
    const expected = { price_usd: 9.34, price_rub: 737.98, discount_percent: 15, discount_uzs: null };
    const listed = { game_amount: 10, price_usd: 10.99, price_rub: 868.21, available_count: 2, sale: expected };
    const card = await productCard(product.slug);
    expect(card.prices).toEqual([listed]);
    expect((await app.request('GET', '/api/products')).body.find((row: any) => row.id === product.id).prices).toEqual([listed]);
    expect((await app.request('GET', `/api/products?search=${encodeURIComponent(card.title)}`)).body[0].prices).toEqual([listed]);
    expect((await app.request('GET', `/api/products/${product.id}/codes/0`)).body).toEqual([listed]);

    const user = await shopper({ usd: 10_000 });
    // The client adds at the list price, as ever.
    const added = await app.request('POST', '/api/cart/add', {
      token: user.token,
      body: { productId: product.id, gameAmount: 10, priceUsd: 10.99, priceRub: 868.21, quantity: 2, regionId: null },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = (await app.request('GET', '/api/cart', { token: user.token })).body;
    expect(cart.data[0]).toMatchObject({ price_usd: 10.99, sale: expected });
    expect(cart).toMatchObject({ subtotal: { usd: 21.98, rub: 1736.42 }, sale_subtotal: { usd: 18.68, rub: 1475.96 } });

    const paid = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'usd' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ total: 18.68, discount: 0, promotion_discount: 3.3, currency: 'usd' });
    expect(await app.db('orders').where({ id: paid.body.orderId }).first()).toMatchObject({ total: 1868, promotion_discount: 330, total_usd: 1868 });
    expect(await balanceOf(user.id, 'usd')).toBe(10_000 - 1868);
    expect((await app.request('GET', `/api/orders/${paid.body.orderId}`, { token: user.token })).body).toMatchObject({ total: 18.68, promotion_discount: 3.3 });
    expect((await asAdmin('GET', `/api/admin/orders/${paid.body.orderId}`)).body).toMatchObject({ total: 18.68, promotionDiscount: 3.3 });

    const refunded = await asAdmin('POST', `/api/admin/orders/${paid.body.orderId}/refund`, {});
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await balanceOf(user.id, 'usd')).toBe(10_000);

    expect((await auditRowsOf(app, 'promotion', sale.id)).map((row) => row.action)).toEqual(['promotion.create']);
  });

  it('by card: the gateway charges the sale total with a promo code on top, the list total is still the one checked, a forged one refused', async () => {
    const product = await productOnSale(2);
    // 100 RUB off each unit, in RUB only; a 20 % promotion on the same product gives more, so it wins.
    await promotion({ discountType: 'fixed', discountValue: 100, currency: 'rub', productIds: [product.id] });
    await promotion({ discountType: 'percent', discountValue: 20, productIds: [product.id] });
    // 20 % of 868.21 is 173.642: 173.64 off, 694.57 a unit, 1389.14 the two.
    expect((await productCard(product.slug)).prices[0].sale).toEqual({ price_usd: 8.79, price_rub: 694.57, discount_percent: 20, discount_uzs: null });
    const code = await asAdmin('POST', '/api/admin/promo-codes', { code: `ONTOP${Date.now().toString(36)}`.toUpperCase(), discountType: 'percent', discountValue: 10 });
    expect(code.status).toBe(201);

    const user = await shopper();
    await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 2 });
    const forged = await app.request('POST', '/api/payment/create', { token: user.token, body: { type: 'order', amount: 1389.14, currency: 'rub' } });
    expect(forged.status).toBe(409);
    expect(forged.body.error.code).toBe('PRICE_CHANGED');

    // The promo code's 10 % of 1389.14 is 138.914: 138.91 off, 1250.23 charged.
    const { orderId, payUrl } = await startGatewayPayment(app, user, { type: 'order', amount: 1736.42, currency: 'rub', promoCode: code.body.code });
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ total: 125_023, discount: 13_891, promotion_discount: 34_728 });
    // The timeline says what was charged and what each discount took, and which request placed it.
    const [placed] = await app.db('order_events').where({ order_id: orderId, kind: 'placed' });
    expect(placed).toMatchObject({
      actor_id: null,
      payload: { total: 125_023, currency: 'rub', paymentMethod: 'card', discount: 13_891, promotionDiscount: 34_728 },
      request_id: expect.any(String),
    });
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ amount: 125_023, currency: 'rub' });
    await payByCard(orderId, payUrl);
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'processing', total: 125_023 });
  });
});

describe('a promotion on game top-ups', () => {
  it('discounts a PUBG package in its listing and at a card checkout; a forged sale price is refused', async () => {
    const pkg = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 2 });
    await promotion({ discountType: 'percent', discountValue: 10, denominationIds: [pkg.id] });
    const listed = (await app.request('GET', '/api/pubg/packages')).body.find((row: any) => row.id === pkg.id);
    // 10 % of 4.99 is 0.499: 0.50 off; of 394.21, 39.421: 39.42 off.
    expect(listed).toMatchObject({ price_usd: 4.99, price_rub: 394.21, sale: { price_usd: 4.49, price_rub: 354.79, discount_percent: 10, discount_uzs: null } });

    const user = await shopper();
    const forged = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'topup', method: 'card', currency: 'usd', topupData: pubgTopup([pkg.id], { usd: 4.49, rub: 354.79 }) },
    });
    expect(forged.status).toBe(409);
    expect(forged.body.error.code).toBe('PRICE_CHANGED');
    const { orderId, payUrl } = await startGatewayPayment(app, user, { type: 'topup', method: 'card', currency: 'usd', topupData: pubgTopup([pkg.id], { usd: 4.99, rub: 394.21 }) });
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ total: 449, promotion_discount: 50, total_usd: 449 });
    // The timeline names the game, what was charged and what the promotion took, and the request that placed it.
    const [placed] = await app.db('order_events').where({ order_id: orderId, kind: 'placed' });
    expect(placed).toMatchObject({
      actor_id: null,
      payload: { total: 449, currency: 'usd', paymentMethod: 'card', service: 'pubg', promotionDiscount: 50 },
      request_id: expect.any(String),
    });
    expect(placed.payload).not.toHaveProperty('discount');
    // The package's code is held for the order until it is paid or cancelled.
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption', denomination_id: pkg.id, order_id: orderId })).toEqual([
      expect.objectContaining({ status: 'reserved', reserved_until: null }),
    ]);
    // YooKassa charges in RUB: 4.49 USD at 79.
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ amount: 35_471, currency: 'rub' });
    await payByCard(orderId, payUrl);
  });

  it('discounts a Free Fire offer by a fixed sum in its currency only, from the balance', async () => {
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100, name: '100 Diamonds' });
    await promotion({ discountType: 'fixed', discountValue: 0.5, currency: 'usd', denominationIds: [offer.denominationId] });
    const listed = (await app.request('GET', '/api/freefire/offers')).body.find((row: any) => row.item_id === offer.itemId);
    expect(listed).toMatchObject({ price: 1.99, price_rub: 157.21, sale: { price_usd: 1.49, price_rub: 157.21, discount_percent: null, discount_uzs: null } });

    const user = await shopper({ usd: 1000, rub: 100_000 });
    const inUsd = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'usd', topupData: freefireTopup(offer) } });
    expect(inUsd.status, JSON.stringify(inUsd.body)).toBe(201);
    expect(await app.db('orders').where({ id: inUsd.body.orderId }).first()).toMatchObject({ total: 149, promotion_discount: 50 });
    expect(await balanceOf(user.id, 'usd')).toBe(1000 - 149);
    const inRub = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'rub', topupData: freefireTopup(offer) } });
    expect(await app.db('orders').where({ id: inRub.body.orderId }).first()).toMatchObject({ total: 15_721, promotion_discount: 0 });
  });

  it("discounts every denomination of a game added from the back office, from the balance", async () => {
    const game = await asAdmin('POST', '/api/admin/games', MOBILE_LEGENDS);
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    const denomination = await asAdmin('POST', '/api/admin/game-denominations', { gameId: game.body.id, name: '86 алмазов', unit: 'алмазов', active: true, amount: 86, priceUsd: 1.49, priceRub: 118 });
    expect(denomination.status, JSON.stringify(denomination.body)).toBe(201);
    await promotion({ discountType: 'percent', discountValue: 10, gameIds: [game.body.id] });
    const page = (await app.request('GET', '/api/games/mobile-legends')).body;
    // 10 % of 1.49 is 0.149: 0.15 off; of 118, 11.80.
    expect(page.denominations[0]).toMatchObject({ price_usd: 1.49, price_rub: 118, sale: { price_usd: 1.34, price_rub: 106.2, discount_percent: 10 } });

    const user = await shopper({ rub: 100_000 });
    const player = '5120000017';
    const placed = await app.request('POST', '/api/orders/topup', {
      token: user.token,
      body: {
        currency: 'rub',
        topupData: { service: 'mobile-legends', offer_id: denomination.body.id, offer_name: '86 алмазов', price_usd: 1.49, price_rub: 118, fields: { player_id: player, zone_id: '2001' }, player_id: player, login: player, input_currency: 'rub', currency: 'rub', commission: 0, image_url: '' },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await app.db('orders').where({ id: placed.body.orderId }).first()).toMatchObject({ total: 10_620, promotion_discount: 1180 });
    expect(await balanceOf(user.id, 'rub')).toBe(100_000 - 10_620);
  });

  it('refunds undelivered PUBG packages at the share of their list price that was paid', async () => {
    const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
    const fulfilment = createFulfilmentService({ db: app.db, logger, games, codeCrypto: createCodeCrypto(app.config.codesKey) });
    const good = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const bad = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0003'] });
    await promotion({ discountType: 'percent', discountValue: 50, denominationIds: [good.id, bad.id] });
    const user = await shopper({ usd: 10_000 });
    const placed = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'usd', topupData: pubgTopup([good.id, bad.id], { usd: 5.98, rub: 472.42 }) } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // Half of 4.99 is 2.495: 2.50 off; half of 0.99, 0.495: 0.50 off. 2.98 paid.
    expect(await app.db('orders').where({ id: placed.body.orderId }).first()).toMatchObject({ total: 298, promotion_discount: 300 });
    await fulfilment.fulfilOrder(placed.body.orderId);
    // The 0.99 package undelivered, of which 0.99 - round(0.99 × 3.00 / 5.98) = 0.49 was paid.
    expect(await app.db('balance_ledger').where({ order_id: placed.body.orderId, reason: 'order_refund' })).toEqual([expect.objectContaining({ amount: 49 })]);
    expect(await balanceOf(user.id, 'usd')).toBe(10_000 - 298 + 49);
  });
});

describe("a promotion's period", () => {
  it('answers list prices before it starts and after it ends, and the cached catalogue changes when it starts', async () => {
    const product = await productOnSale(1);
    const expired = await promotion({
      discountType: 'percent',
      discountValue: 50,
      productIds: [product.id],
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validTo: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(expired.id).toBeGreaterThan(0);
    const startsAt = new Date(Date.now() + 2000);
    await promotion({ discountType: 'percent', discountValue: 10, productIds: [product.id], validFrom: startsAt.toISOString() });
    expect((await productCard(product.slug)).prices[0].sale).toBeUndefined();
    // The answer is kept in memory for an hour here (CATALOGUE_CACHE_TTL_MS): only the period's start,
    // with no write in between, changes it.
    const deadline = Date.now() + 15_000;
    let sale: unknown;
    while (Date.now() < deadline && sale === undefined) {
      sale = (await productCard(product.slug)).prices[0].sale;
      if (sale === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    expect(sale).toEqual({ price_usd: 9.89, price_rub: 781.39, discount_percent: 10, discount_uzs: null });
  });
});

describe('the back office', () => {
  it('refuses a discount that breaks the rules with 400, and keeps a badge a badge', async () => {
    for (const body of [
      { discountType: 'percent', discountValue: 150, gameIds: [1] },
      { discountType: 'percent', discountValue: 2.5, gameIds: [1] },
      { discountType: 'fixed', discountValue: 5, gameIds: [1] },
      { discountType: 'fixed', discountValue: 5.5, currency: 'uzs', gameIds: [1] },
      { discountType: 'percent', discountValue: 10 },
      { validFrom: '2026-12-02T00:00:00.000Z', validTo: '2026-12-01T00:00:00.000Z' },
    ]) {
      const response = await asAdmin('POST', '/api/admin/promotions', { text: 'Bad', backgroundColor: '#000000', ...body });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const badge = await promotion({ text: 'Just a badge' });
    expect(await asAdmin('GET', `/api/admin/promotions/${badge.id}`)).toMatchObject({
      body: { discountType: null, discountValue: null, currency: null, productIds: [], gameIds: [], denominationIds: [], validFrom: null, validTo: null },
    });
  });
});
