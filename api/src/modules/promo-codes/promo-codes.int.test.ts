import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createLogger } from '../../logger';
import { SandboxGameProvider } from '../../providers/game';
import { createPaymentGateways } from '../../providers/payment';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { freefireTopup } from '../../testing/topup-data';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';
import { createPaymentCallbackService } from '../payments/payment-callback.service';
import { createReservationExpiryService } from '../payments/reservation-expiry.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;
let callbacks: ReturnType<typeof createPaymentCallbackService>;
let expiry: ReturnType<typeof createReservationExpiryService>;
const logger = createLogger('silent', 'promo-codes-test');

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
  const catalogueChanges = createCatalogueChanges(app.invalidations);
  callbacks = createPaymentCallbackService({ db: app.db, logger, gateways: createPaymentGateways({ config: app.config, db: app.db, logger }), catalogueChanges });
  expiry = createReservationExpiryService({ db: app.db, logger, catalogueChanges });
});

afterAll(async () => {
  await app.close();
});

/** 10 game units at 10.99 USD / 868.21 RUB (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

let serial = 0;
/** A new code's text, unique in this run. */
const newCode = (prefix = 'SAVE') => `${prefix}${Date.now().toString(36)}${(serial += 1)}`.toUpperCase();

async function promoCode(fields: Record<string, unknown> = {}) {
  const response = await app.request('POST', '/api/admin/promo-codes', {
    token: admin.token,
    body: { code: newCode(), discountType: 'percent', discountValue: 10, ...fields },
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; code: string };
}

async function shopperWithCart(options: { quantity?: number; usd?: number; rub?: number; product?: { id: number } } = {}) {
  const quantity = options.quantity ?? 2;
  const user = await app.createUser();
  const product = options.product ?? (await fixtures.product({ title: 'Comet Card' }));
  await fixtures.codes({ productId: product.id, ...OPTION, count: quantity });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity });
  if (options.usd) await fixtures.fundBalance(user.id, 'usd', options.usd);
  if (options.rub) await fixtures.fundBalance(user.id, 'rub', options.rub);
  return { user, product };
}

const fromBalance = (user: Pick<TestUser, 'token'>, body: Record<string, unknown>) => app.request('POST', '/api/payment/from-balance', { token: user.token, body });
const check = (user: Pick<TestUser, 'token'>, body: Record<string, unknown>) => app.request('POST', '/api/promo-codes/check', { token: user.token, body });
const balanceOf = async (userId: number, currency: string) => Number((await app.db('balances').where({ user_id: userId, currency }).first())?.amount ?? 0);
const usesOf = async (id: number) => (await app.db('promo_codes').where({ id }).first()).uses as number;

describe('a promo code at the balance checkout', () => {
  it('previews, then charges the discounted total, records the code and the discount, and counts one use', async () => {
    const { user } = await shopperWithCart({ quantity: 2, usd: 10_000 });
    const code = await promoCode({ discountValue: 15 });

    // 15 % of 21.98 is 3.297: rounded once, half up, to 3.30.
    const preview = await check(user, { code: code.code.toLowerCase(), currency: 'usd' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ valid: true, code: code.code, subtotal: 21.98, discount: 3.3, total: 18.68, currency: 'usd' });
    expect(await usesOf(code.id)).toBe(0);

    const paid = await fromBalance(user, { currency: 'usd', promoCode: ` ${code.code.toLowerCase()} ` });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ success: true, status: 'processing', total: 18.68, discount: 3.3, currency: 'usd' });
    const order = await app.db('orders').where({ id: paid.body.orderId }).first();
    expect(order).toMatchObject({ total: 1868, discount: 330, promo_code_id: code.id });
    expect(await balanceOf(user.id, 'usd')).toBe(10_000 - 1868);
    expect(await app.db('promo_code_uses').where({ promo_code_id: code.id })).toEqual([
      expect.objectContaining({ user_id: user.id, order_id: order.id, discount: 330, released_at: null }),
    ]);
    expect(await usesOf(code.id)).toBe(1);

    // The receipt shows the discount.
    const receipt = await app.request('GET', `/api/orders/${order.id}`, { token: user.token });
    expect(receipt.body).toMatchObject({ total: 18.68, discount: 3.3, promo_code: code.code });
  });

  it('takes a fixed sum only off orders in its currency, only off the lines in its scope, and never more than them', async () => {
    const inScope = await fixtures.product({ title: 'Scoped Card' });
    const { user } = await shopperWithCart({ quantity: 1, rub: 1_000_000, product: inScope });
    const other = await fixtures.product({ title: 'Other Card' });
    await fixtures.codes({ productId: other.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: other.id, ...OPTION, quantity: 1 });
    const code = await promoCode({ discountType: 'fixed', discountValue: 1000, currency: 'rub', scope: 'products', scopeIds: [inScope.id] });

    const inUsd = await check(user, { code: code.code, currency: 'usd' });
    expect(inUsd.body).toMatchObject({ valid: false, reason: 'currency', discount: 0, total: 21.98 });
    // 1000 RUB off a line of 868.21 RUB takes 868.21, not more; the other line is paid in full.
    const paid = await fromBalance(user, { currency: 'rub', promoCode: code.code });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ total: 868.21, discount: 868.21 });
    expect(await balanceOf(user.id, 'rub')).toBe(1_000_000 - 86821);
  });

  it('refuses each reason with 422 PROMO_CODE_INVALID and places nothing', async () => {
    const { user, product } = await shopperWithCart({ quantity: 1, usd: 10_000 });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const usedUp = await promoCode({ usageLimit: 1 });
    const { user: first } = await shopperWithCart({ quantity: 1, usd: 10_000 });
    expect((await fromBalance(first, { currency: 'usd', promoCode: usedUp.code })).status).toBe(201);
    const once = await promoCode({ perUserLimit: 1 });
    const { user: repeat } = await shopperWithCart({ quantity: 1, usd: 10_000 });
    expect((await fromBalance(repeat, { currency: 'usd', promoCode: once.code })).status).toBe(201);
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: repeat.id, productId: product.id, ...OPTION, quantity: 1 });

    const cases: Array<[string, Pick<TestUser, 'token' | 'id'>, string]> = [
      ['not_found', user, 'NOSUCHCODE'],
      ['inactive', user, (await promoCode({ active: false })).code],
      ['not_started', user, (await promoCode({ validFrom: future })).code],
      ['expired', user, (await promoCode({ validTo: past })).code],
      ['used_up', user, usedUp.code],
      ['used_by_you', repeat, once.code],
      ['min_order', user, (await promoCode({ currency: 'usd', minOrder: 50 })).code],
      ['not_applicable', user, (await promoCode({ scope: 'games', scopeIds: [1] })).code],
      ['currency', user, (await promoCode({ discountType: 'fixed', discountValue: 1, currency: 'rub' })).code],
    ];
    for (const [reason, shopper, text] of cases) {
      const before = { balance: await balanceOf(shopper.id, 'usd'), orders: await app.db('orders').where({ user_id: shopper.id }).count({ n: '*' }).first() };
      const refused = await fromBalance(shopper, { currency: 'usd', promoCode: text });
      expect({ reason, status: refused.status, code: refused.body.error?.code, detail: refused.body.error?.details?.reason }).toEqual({
        reason,
        status: 422,
        code: 'PROMO_CODE_INVALID',
        detail: reason,
      });
      expect(refused.body.error.message).toEqual(expect.any(String));
      expect({ balance: await balanceOf(shopper.id, 'usd'), orders: await app.db('orders').where({ user_id: shopper.id }).count({ n: '*' }).first() }).toEqual(before);
      expect((await check(shopper, { code: text, currency: 'usd' })).body).toMatchObject({ valid: false, reason });
    }
    expect((await check(user, { code: cases[6]![2], currency: 'usd' })).body).toMatchObject({ reason: 'min_order', minOrder: 50 });
    // The cart is still there: a refused code places nothing.
    expect(await app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
  });

  it('bounds a shopper\'s previews, so codes cannot be guessed in bulk', async () => {
    const { user } = await shopperWithCart({ quantity: 1 });
    const { points } = app.config.rateLimits.promoCheck;
    for (let n = 0; n < points; n += 1) expect((await check(user, { code: `GUESS${n}`, currency: 'usd' })).status).toBe(200);
    const limited = await check(user, { code: 'GUESSMORE', currency: 'usd' });
    expect({ status: limited.status, code: limited.body.error?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });

  it('holds its usage limit under concurrency: 20 shoppers for 3 uses place exactly 3 orders with it', async () => {
    const code = await promoCode({ discountValue: 50, usageLimit: 3 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithCart({ quantity: 1, usd: 5000 })));
    const answers = await Promise.all(shoppers.map(({ user }) => fromBalance(user, { currency: 'usd', promoCode: code.code })));
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect({ status: refused.status, reason: refused.body.error?.details?.reason }).toEqual({ status: 422, reason: 'used_up' });
    }
    expect(await app.db('orders').where({ promo_code_id: code.id }).count({ n: '*' }).first()).toEqual({ n: 3 });
    expect(await usesOf(code.id)).toBe(3);
    // 50 % of 10.99 is 5.495: 5.50 off, 5.49 paid; the refused shoppers paid nothing.
    const balances = await Promise.all(shoppers.map(({ user }) => balanceOf(user.id, 'usd')));
    expect(balances.filter((balance) => balance === 5000 - 549)).toHaveLength(3);
    expect(balances.filter((balance) => balance === 5000)).toHaveLength(17);
  });

  it('gives a refund of what was paid, not of the list price', async () => {
    const { user } = await shopperWithCart({ quantity: 2, usd: 10_000 });
    const code = await promoCode({ discountValue: 25 });
    const paid = await fromBalance(user, { currency: 'usd', promoCode: code.code });
    expect(paid.body).toMatchObject({ total: 16.48, discount: 5.5 });
    const refunded = await app.request('POST', `/api/admin/orders/${paid.body.orderId}/refund`, { token: admin.token, body: {} });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'failed', currency: 'usd' });
    expect(await balanceOf(user.id, 'usd')).toBe(10_000);
  });
});

describe('a promo code with a card payment', () => {
  it('charges the gateway the discounted total, checks the cart against list prices, and gives the use back when the hold expires', async () => {
    const { user } = await shopperWithCart({ quantity: 2 });
    const code = await promoCode({ discountValue: 10, perUserLimit: 1 });
    const started = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'order', amount: 21.98, currency: 'usd', promoCode: code.code },
    });
    expect(started.status).toBe(201);
    const { orderId } = started.body;
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'pending', total: 1978, discount: 220, promo_code_id: code.id });
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ amount: 1978, currency: 'usd' });
    expect(await usesOf(code.id)).toBe(1);

    await fixtures.lapseHold(orderId);
    await expiry.expireHolds();
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'cancelled' });
    expect(await usesOf(code.id)).toBe(0);
    expect((await app.db('promo_code_uses').where({ order_id: orderId }).first()).released_at).toBeInstanceOf(Date);

    // The use given back, the same shopper (per-user limit 1) pays with it, through the sandbox's page.
    const again = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'order', amount: 21.98, currency: 'usd', promoCode: code.code },
    });
    expect(again.status).toBe(201);
    const payment = await app.db('payments').where({ order_id: again.body.orderId }).first();
    expect(payment.amount).toBe(1978);
    const submitted = await fetch(`${app.baseUrl}${new URL(again.body.pay_url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder: 'Test Shopper', decision: 'pay' }).toString(),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    const event = await app.db('gateway_events').where({ payment_id: payment.id }).first();
    expect(event.payload).toMatchObject({ amount: 1978, currency: 'usd' });
    expect(await callbacks.applyGatewayEvent(event.id)).toBe('paid');
    expect(await app.db('orders').where({ id: again.body.orderId }).first()).toMatchObject({ status: 'processing', total: 1978, discount: 220 });
    expect(await usesOf(code.id)).toBe(1);
  });

  it('rounds a discount in sums once, to whole sums, and charges the gateway the sums left', async () => {
    await fixtures.usdUzsRate('12650.5');
    const { user } = await shopperWithCart({ quantity: 1 });
    const code = await promoCode({ discountValue: 15 });
    // 10.99 USD at 12 650.5 is 139 029 sums; 15 % of it is 20 854.35: 20 854 sums off, 118 175 to pay.
    const preview = await check(user, { code: code.code, currency: 'uzs' });
    expect(preview.body).toEqual({ valid: true, code: code.code, subtotal: 139_029, discount: 20_854, total: 118_175, currency: 'uzs' });
    const started = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'order', amount: 139_029, currency: 'uzs', method: 'card', promoCode: code.code },
    });
    expect(started.status).toBe(201);
    expect(await app.db('orders').where({ id: started.body.orderId }).first()).toMatchObject({ currency: 'uzs', total: 11_817_500, discount: 2_085_400 });
    expect(await app.db('payments').where({ order_id: started.body.orderId }).first()).toMatchObject({ amount: 11_817_500, currency: 'uzs' });
  });

  it('refuses a code that leaves nothing for a gateway to charge, placing nothing', async () => {
    const { user } = await shopperWithCart({ quantity: 1 });
    const code = await promoCode({ discountValue: 100 });
    const refused = await app.request('POST', '/api/payment/create', {
      token: user.token,
      body: { type: 'order', amount: 10.99, currency: 'usd', promoCode: code.code },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NOTHING_TO_CHARGE');
    expect(await app.db('orders').where({ user_id: user.id })).toHaveLength(0);
    expect(await usesOf(code.id)).toBe(0);
  });
});

describe('a promo code on a game top-up', () => {
  it('previews against the top-up, then debits the discounted total for a code scoped to the game', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100, name: '100 Diamonds' });
    const game = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'freefire').first('g.id');
    const code = await promoCode({ discountValue: 20, scope: 'games', scopeIds: [game.id] });
    const topupData = freefireTopup(offer);

    // 20 % of 1.99 is 0.398: 0.40 off.
    const preview = await check(user, { code: code.code, currency: 'usd', topupData });
    expect(preview.body).toEqual({ valid: true, code: code.code, subtotal: 1.99, discount: 0.4, total: 1.59, currency: 'usd' });

    const placed = await app.request('POST', '/api/orders/topup', { token: user.token, body: { topupData, currency: 'usd', promoCode: code.code } });
    expect(placed.status).toBe(201);
    expect(await app.db('orders').where({ id: placed.body.orderId }).first()).toMatchObject({ total: 159, total_usd: 159, discount: 40, promo_code_id: code.id });
    expect((await app.db('order_events').where({ order_id: placed.body.orderId, kind: 'placed' }).first()).payload).toEqual({
      total: 159,
      currency: 'usd',
      paymentMethod: 'balance',
      service: 'freefire',
      discount: 40,
    });
    expect(await balanceOf(user.id, 'usd')).toBe(1000 - 159);
    expect(await usesOf(code.id)).toBe(1);

    const otherGame = await promoCode({ scope: 'games', scopeIds: [game.id + 100_000] });
    const refused = await app.request('POST', '/api/orders/topup', { token: user.token, body: { topupData, currency: 'usd', promoCode: otherGame.code } });
    expect({ status: refused.status, reason: refused.body.error?.details?.reason }).toEqual({ status: 422, reason: 'not_applicable' });
    expect(await balanceOf(user.id, 'usd')).toBe(1000 - 159);
  });
});

describe('a promo code\'s limit per shopper', () => {
  it('holds under concurrency: five top-ups at once by one shopper with a one-use code place one with it', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 10_000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100, name: '100 Diamonds' });
    const code = await promoCode({ perUserLimit: 1 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.request('POST', '/api/orders/topup', { token: user.token, body: { topupData: freefireTopup(offer), currency: 'usd', promoCode: code.code } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect({ status: refused.status, reason: refused.body.error?.details?.reason }).toEqual({ status: 422, reason: 'used_by_you' });
    }
    // 10 % of 1.99 is 0.199: 0.20 off, 1.79 paid, once.
    expect(await balanceOf(user.id, 'usd')).toBe(10_000 - 179);
    expect(await usesOf(code.id)).toBe(1);
  });
});

describe('a promo code on a PUBG order delivered in part', () => {
  it('refunds the undelivered packages at the share of their list price that was paid', async () => {
    const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
    const fulfilment = createFulfilmentService({ db: app.db, logger, games, codeCrypto: createCodeCrypto(app.config.codesKey) });
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 10_000);
    const good = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const bad = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0003'] });
    const code = await promoCode({ discountValue: 50 });
    const placed = await app.request('POST', '/api/orders/topup', {
      token: user.token,
      body: {
        topupData: { service: 'pubg', player_id: '3123457', offer_id: -1, price_usd: 5.98, price_rub: 0, packages: [good, bad].map((pkg) => ({ denomination_id: pkg.id, quantity: 1 })) },
        currency: 'usd',
        promoCode: code.code,
      },
    });
    expect(placed.status).toBe(201);
    // 5.98 at half price: 2.99 paid.
    expect(await app.db('orders').where({ id: placed.body.orderId }).first()).toMatchObject({ total: 299, discount: 299 });

    await fulfilment.fulfilOrder(placed.body.orderId);
    // The 0.99 package undelivered, of which 0.99 - round(0.99 × 2.99 / 5.98) = 0.49 was paid.
    const refund = await app.db('balance_ledger').where({ order_id: placed.body.orderId, reason: 'order_refund' });
    expect(refund).toEqual([expect.objectContaining({ amount: 49 })]);
    expect(await balanceOf(user.id, 'usd')).toBe(10_000 - 299 + 49);
  });
});
