import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createTokenService } from '../auth/token.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

/** The option every test sells: 10 game units at 10.99 USD / 868.21 RUB (minor units here). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

const checkout = (user: Pick<TestUser, 'token'>, body: unknown = { currency: 'usd' }) =>
  app.request('POST', '/api/payment/from-balance', { token: user.token, body });

async function shopperWithCart(options: { codes: number; quantity: number; usd?: number; rub?: number }) {
  const user = await app.createUser();
  const product = await fixtures.product({ title: 'Orbit Card' });
  const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: options.codes });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: options.quantity });
  if (options.usd) await fixtures.fundBalance(user.id, 'usd', options.usd);
  if (options.rub) await fixtures.fundBalance(user.id, 'rub', options.rub);
  return { user, product, codeIds };
}

/** Everything a failed checkout must leave as it was. */
async function snapshot(userId: number, codeIds: number[]) {
  return {
    balances: await app.db('balances').where({ user_id: userId }).orderBy('currency').select('currency', 'amount'),
    ledger: await app.db('balance_ledger').where({ user_id: userId }).count({ n: '*' }).first(),
    cart: await app.db('cart_items').where({ user_id: userId }).orderBy('id').select('id', 'quantity'),
    orders: await app.db('orders').where({ user_id: userId }).count({ n: '*' }).first(),
    codes: await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).orderBy('number').select('number as id', 'status', 'order_id'),
  };
}

describe('POST /api/payment/from-balance', () => {
  it('pays the cart from the balance: order, items, reserved codes, ledger, empty cart and a fulfilment job', async () => {
    const { user, product, codeIds } = await shopperWithCart({ codes: 1, quantity: 2, usd: 5000 });
    const generatedIds = await fixtures.generatedCodes({ productId: product.id, ...OPTION, count: 2 });
    const regional = await fixtures.product({ has_regions: true, has_global_codes: false });
    const region = await fixtures.region();
    await fixtures.linkRegion(regional.id, region.id);
    const [regionalCode] = await fixtures.codes({ productId: regional.id, regionId: region.id, gameAmount: 5, priceUsd: 250, priceRub: 19750, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: regional.id, regionId: region.id, gameAmount: 5, priceUsd: 250, priceRub: 19750, quantity: 1 });

    const response = await checkout(user);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, orderId: expect.any(Number), status: 'processing', total: 24.48, discount: 0, currency: 'usd' });
    const orderId = response.body.orderId;

    const order = await app.db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({
      user_id: user.id,
      status: 'processing',
      kind: 'codes',
      payment_method: 'balance',
      currency: 'usd',
      total: 2448,
      total_usd: 2448,
      rate_usd_rub: '79.000000',
    });
    expect(order.paid_at).toBeInstanceOf(Date);

    const items = await fixtures.orderItems([orderId]);
    expect(items.map((item) => [item.item_type, item.code_id, item.generated_code_id, item.amount, item.rate_used])).toEqual([
      ['code', codeIds[0], null, 1099, '79.000000'],
      ['code', null, generatedIds[0], 1099, '79.000000'],
      ['code', regionalCode, null, 250, '79.000000'],
    ]);
    expect(items[2]).toMatchObject({ product_id: regional.id, region_id: region.id, game_amount: 5, price_usd: 250, price_rub: 19750 });

    const manual = await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', [codeIds[0]!, regionalCode!]);
    const generated = await app.db('stock_codes').where({ source: 'generated' }).whereIn('number', generatedIds).orderBy('number');
    for (const code of [...manual, generated[0]]) {
      expect(code).toMatchObject({ status: 'reserved', order_id: orderId });
      expect(code.reserved_until.getTime()).toBeGreaterThan(Date.now());
    }
    expect(generated[1]).toMatchObject({ status: 'available', order_id: null });

    expect(await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first()).toMatchObject({ amount: 2552 });
    expect(await app.db('balance_ledger').where({ reference: `order:${orderId}:payment` }).first()).toMatchObject({
      user_id: user.id,
      amount: -2448,
      balance_after: 2552,
      reason: 'order_payment',
      order_id: orderId,
    });
    expect(await app.db('cart_items').where({ user_id: user.id })).toEqual([]);
    const jobs = await app.db('outbox').whereRaw("payload->>'orderId' = ?", [String(orderId)]);
    expect(jobs).toEqual([expect.objectContaining({ queue: 'fulfilment', job_name: 'fulfil-order', payload: { orderId } })]);
  });

  it('charges RUB prices when paying in roubles', async () => {
    const { user } = await shopperWithCart({ codes: 2, quantity: 2, rub: 200_000 });
    const response = await checkout(user, { currency: 'rub' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ total: 1736.42, currency: 'rub' });
    const order = await app.db('orders').where({ id: response.body.orderId }).first();
    expect(order).toMatchObject({ currency: 'rub', total: 173_642, total_usd: 2198 });
    expect(await app.db('balances').where({ user_id: user.id, currency: 'rub' }).first()).toMatchObject({ amount: 26_358 });
  });

  it('answers 400 CART_EMPTY for an empty cart', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 5000);
    const response = await checkout(user);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('CART_EMPTY');
    expect(await app.db('orders').where({ user_id: user.id })).toEqual([]);
  });

  it('answers 409 INSUFFICIENT_BALANCE and changes nothing', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 2, quantity: 2, usd: 2000 });
    const before = await snapshot(user.id, codeIds);
    const response = await checkout(user);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      message: 'You need 21.98 USD but have 20.00 USD',
      details: { required: 21.98, available: 20, currency: 'usd' },
    });
    expect(await snapshot(user.id, codeIds)).toEqual(before);
    expect(before.codes.every((code) => code.status === 'available')).toBe(true);
  });

  it('answers 409 OUT_OF_STOCK with what is left, and changes nothing', async () => {
    const { user, product, codeIds } = await shopperWithCart({ codes: 2, quantity: 3, usd: 50_000 });
    const before = await snapshot(user.id, codeIds);
    const response = await checkout(user);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: { productId: product.id, requested: 3, available: 2 },
    });
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('sells nothing of a product withdrawn since it was added to the cart', async () => {
    const { user, product, codeIds } = await shopperWithCart({ codes: 2, quantity: 1, usd: 50_000 });
    await app.db('products').where({ id: product.id }).update({ active: false });
    const before = await snapshot(user.id, codeIds);
    const response = await checkout(user);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'OUT_OF_STOCK', details: { requested: 1, available: 0 } });
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('never sells at a price other than the stock price: a forged cart line finds no stock', async () => {
    const user = await app.createUser();
    const product = await fixtures.product();
    const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: 3 });
    await fixtures.fundBalance(user.id, 'usd', 50_000);
    // As if the client had slipped its own price into the cart.
    await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1, priceRub: 1, quantity: 1 });
    const before = await snapshot(user.id, codeIds);
    const response = await checkout(user);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('OUT_OF_STOCK');
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('rejects a body carrying a total, a price or an unknown currency with 400, and changes nothing', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 2, quantity: 1, usd: 50_000 });
    const before = await snapshot(user.id, codeIds);
    for (const body of [
      { currency: 'usd', total: 0.01 },
      { currency: 'usd', price: 0 },
      { currency: 'usd', items: [] },
      { currency: 'eur' },
      { currency: 'USD' },
      {},
    ]) {
      const response = await checkout(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });

  it('requires a login', async () => {
    const response = await app.request('POST', '/api/payment/from-balance', { body: { currency: 'usd' } });
    expect(response.status).toBe(401);
  });

  it('answers 503 while no USD->RUB rate is configured, and changes nothing', async () => {
    const { user, codeIds } = await shopperWithCart({ codes: 1, quantity: 1, usd: 5000 });
    const before = await snapshot(user.id, codeIds);
    await app.db('currency_rates').where({ from_currency: 'usd', to_currency: 'rub' }).delete();
    try {
      const response = await checkout(user);
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await fixtures.usdRubRate('79');
    }
    expect(await snapshot(user.id, codeIds)).toEqual(before);
  });
});

describe('checkout under concurrency', () => {
  it('200 shoppers racing for 100 codes: 100 orders, no code sold twice, the rest untouched', async () => {
    const product = await fixtures.product({ title: 'Rush Card' });
    const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count: 100 });
    const tokens = createTokenService({ secret: app.config.jwtSecret, ttlSeconds: app.config.jwtTtlSeconds });
    const shoppers = await Promise.all(
      (await fixtures.shoppers(200)).map(async (id) => ({ id, token: await tokens.sign({ userId: id, tokenVersion: 0 }) })),
    );
    for (const shopper of shoppers) {
      await fixtures.fundBalance(shopper.id, 'usd', 2000);
      await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
    }

    const responses = await Promise.all(shoppers.map((shopper) => checkout(shopper)));
    const winners = shoppers.filter((_, index) => responses[index]!.status === 201);
    const losers = shoppers.filter((_, index) => responses[index]!.status !== 201);
    expect(winners).toHaveLength(100);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('OUT_OF_STOCK');
    }

    const orders = await app.db('orders').whereIn('user_id', shoppers.map((shopper) => shopper.id));
    expect(orders).toHaveLength(100);
    const items = await fixtures.orderItems(orders.map((order) => order.id));
    expect(items).toHaveLength(100);
    expect(new Set(items.map((item) => item.code_id)).size).toBe(100);
    const codes = await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds);
    expect(codes.every((code) => code.status === 'reserved')).toBe(true);
    expect(new Set(codes.map((code) => code.order_id)).size).toBe(100);

    const winnerBalances = await app.db('balances').whereIn('user_id', winners.map((shopper) => shopper.id)).where({ currency: 'usd' });
    expect(winnerBalances.every((balance) => balance.amount === 2000 - 1099)).toBe(true);
    const loserIds = losers.map((shopper) => shopper.id);
    const loserBalances = await app.db('balances').whereIn('user_id', loserIds).where({ currency: 'usd' });
    expect(loserBalances.every((balance) => balance.amount === 2000)).toBe(true);
    expect(await app.db('balance_ledger').whereIn('user_id', loserIds).where({ reason: 'order_payment' })).toEqual([]);
    expect(await app.db('cart_items').whereIn('user_id', loserIds)).toHaveLength(100);
  });

  it('one shopper firing 20 checkouts at once with money for one: exactly one order', async () => {
    const { user } = await shopperWithCart({ codes: 5, quantity: 1, usd: 1099 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(user)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expect(['CART_EMPTY', 'INSUFFICIENT_BALANCE']).toContain(response.body.error.code);
    }
    expect(await app.db('orders').where({ user_id: user.id })).toHaveLength(1);
    const balance = await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first();
    expect(balance.amount).toBe(0);
    const ledger = await app.db('balance_ledger').where({ user_id: user.id, currency: 'usd' });
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(balance.amount);
    expect(ledger.every((entry) => entry.balance_after >= 0)).toBe(true);
  });
});
