import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createCodeCrypto } from '@topup/server-kit';
import { createLogger } from '../../logger';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createFulfilmentService, type FulfilmentService } from '../fulfilment/fulfilment.service';
import { cancelUnpaid, lockOrder, markCompleted, markPaid, rerun, type LockedOrder } from './order-lifecycle';
import { STORE } from './order-events';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  fulfilment = createFulfilmentService({ db: app.db, logger: createLogger('silent', 'orders-test') });
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

/** Buys `count` codes of a fresh product through the API; resolves to the order id. */
async function placeOrder(user: TestUser, count = 1): Promise<number> {
  const product = await fixtures.product({ title: 'Pulse Card', image_url: 'https://img.example/pulse.png', activation_instructions: 'Redeem in the launcher' });
  await fixtures.codes({ productId: product.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, count });
  await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, quantity: count });
  await fixtures.fundBalance(user.id, 'rub', 197500 * count);
  const response = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'rub' } });
  expect(response.status).toBe(201);
  return response.body.orderId;
}

const revealsOf = (orderId: number) =>
  app.db('code_reveals as r').join('order_items as i', 'i.id', 'r.order_item_id').where('i.order_id', orderId).select('r.*');

describe('GET /api/orders', () => {
  it("lists the user's own orders, newest first, with their items and no codes", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const older = await placeOrder(user, 2);
    const newer = await placeOrder(user);
    await placeOrder(other);

    const response = await app.request('GET', '/api/orders', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.map((order: any) => order.id)).toEqual([newer, older]);
    const item = {
      id: expect.any(Number),
      item_type: 'code',
      amount: 1975,
      game_amount: 25,
      product: { slug: expect.any(String), title: 'Pulse Card', image_url: 'https://img.example/pulse.png', activation_instructions: 'Redeem in the launcher' },
      topup_data: null,
      unit: 'USD',
      region: null,
    };
    expect(response.body[1]).toEqual({
      id: older,
      created_at: expect.any(String),
      status: 'processing',
      total: 3950,
      discount: 0,
      promo_code: null,
      currency: 'rub',
      notices: [],
      payment_method: 'balance',
      returned_to_cart: false,
      delayed: false,
      items: [item, item],
    });
  });

  it('shows a top-up item with its top-up data and no product', async () => {
    const user = await app.createUser();
    const [order] = await app
      .db('orders')
      .insert({ user_id: user.id, status: 'pending', kind: 'topup', payment_method: 'card', currency: 'usd', total: 299, total_usd: 299, rate_usd_rub: '79' })
      .returning('id');
    const topupData = { service: 'freefire', player_id: '123456', offer_name: '310 Diamonds', price_usd: 2.99 };
    await app.db('order_items').insert({ order_id: order.id, item_type: 'topup', amount: 299, price_usd: 299, price_rub: 23621, rate_used: '79', topup_data: topupData });
    const response = await app.request('GET', '/api/orders', { token: user.token });
    expect(response.body).toEqual([
      expect.objectContaining({
        id: order.id,
        total: 2.99,
        items: [{ id: expect.any(Number), item_type: 'topup', amount: 2.99, game_amount: null, product: null, topup_data: topupData, unit: null, region: null }],
      }),
    ]);
  });

  it("names each code's unit and region, in the language asked for (Russian by default)", async () => {
    const user = await app.createUser();
    const product = await fixtures.product({
      title: 'Подарочная карта Steam',
      game_currency: 'USD',
      has_regions: true,
      translations: { en: { title: 'Steam Gift Card' }, uz: { title: "Steam sovg'a kartasi" } },
    });
    const region = await fixtures.region({ name: 'Европа', translations: { en: { name: 'Europe' }, uz: { name: 'Yevropa' } } });
    await fixtures.linkRegion(product.id, region.id, 'EUR');
    await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 25, priceUsd: 2900, priceRub: 229100, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: product.id, regionId: region.id, gameAmount: 25, priceUsd: 2900, priceRub: 229100, quantity: 1 });
    await fixtures.fundBalance(user.id, 'usd', 2900);
    const placed = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'usd' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { code } = await app.db('regions').where({ id: region.id }).first('code');

    const line = (title: string, name: string) => expect.objectContaining({ product: expect.objectContaining({ title }), game_amount: 25, unit: 'EUR', region: { code, name } });
    expect((await app.request('GET', '/api/orders', { token: user.token })).body[0].items).toEqual([line('Подарочная карта Steam', 'Европа')]);
    expect((await app.request('GET', '/api/orders?lang=en', { token: user.token })).body[0].items).toEqual([line('Steam Gift Card', 'Europe')]);
    const uzbek = await app.request('GET', `/api/orders/${placed.body.orderId}`, { token: user.token, headers: { 'Accept-Language': 'uz-UZ,uz;q=0.9' } });
    expect(uzbek.body).toMatchObject({ payment_method: 'balance', currency: 'usd', items: [line("Steam sovg'a kartasi", 'Yevropa')] });
  });

  it('finds orders by digits of their number', async () => {
    const user = await app.createUser();
    const ids = [await placeOrder(user), await placeOrder(user)];
    const search = async (term: string) =>
      (await app.request('GET', `/api/orders?search=${term}`, { token: user.token })).body.map((order: any) => order.id);
    expect(await search(String(ids[0]))).toEqual([ids[0]]);
    expect(await search('')).toEqual([...ids].reverse());
    expect(await search('999999999')).toEqual([]);
    const invalid = await app.request('GET', '/api/orders?search=1%25', { token: user.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('requires a login', async () => {
    expect((await app.request('GET', '/api/orders')).status).toBe(401);
  });
});

describe('GET /api/orders/:id', () => {
  it('shows an unfinished order without codes and records no reveal', async () => {
    const user = await app.createUser();
    const orderId = await placeOrder(user);
    const response = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: orderId, status: 'processing', total: 1975, currency: 'rub' });
    expect(response.body.items).toEqual([expect.objectContaining({ item_type: 'code', code: null })]);
    expect(await revealsOf(orderId)).toEqual([]);
  });

  it('shows the decrypted codes of a completed order and records their reveal', async () => {
    const user = await app.createUser();
    const orderId = await placeOrder(user, 2);
    await fulfilment.fulfilOrder(orderId);
    const stored = await app
      .db('order_items as i')
      .join('stock_codes as c', 'c.id', 'i.stock_code_id')
      .where('i.order_id', orderId)
      .orderBy('i.id')
      .select('i.id', 'c.code_encrypted');
    const crypto = createCodeCrypto(app.config.codesKey);

    const headers = { 'user-agent': 'OrdersTest/1.0' };
    const response = await app.request('GET', `/api/orders/${orderId}`, { token: user.token, headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.status).toBe('completed');
    expect(response.body.items.map((item: any) => [item.id, item.code])).toEqual(
      stored.map((row) => [row.id, { code: crypto.decrypt(row.code_encrypted), activatedAt: null, activatedPlayerId: null }]),
    );
    expect(response.body.items[0].code.code).toMatch(/^CODE-/);

    const reveals = await revealsOf(orderId);
    expect(reveals).toHaveLength(2);
    for (const reveal of reveals) {
      expect(reveal).toMatchObject({ user_id: user.id, user_agent: 'OrdersTest/1.0', ip: expect.stringContaining('127.0.0.1') });
    }
    await app.request('GET', `/api/orders/${orderId}`, { token: user.token, headers });
    // The same viewer within the same hour: already on record.
    expect(await revealsOf(orderId)).toHaveLength(2);
  });

  it('records a reveal once per item, viewer and hour, however often and however concurrently the page is polled', async () => {
    const shopper = await app.createUser();
    const other = await app.createUser();
    const orderId = await placeOrder(shopper, 2);
    const otherOrderId = await placeOrder(other);
    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(otherOrderId);
    const poll = (user: TestUser, id: number) => app.request('GET', `/api/orders/${id}`, { token: user.token });

    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () => poll(shopper, orderId)),
      ...Array.from({ length: 15 }, () => poll(other, otherOrderId)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(answer.body.items.every((item: any) => item.code !== null)).toBe(true);
    const reveals = await revealsOf(orderId);
    expect(reveals.map((reveal) => reveal.user_id)).toEqual([shopper.id, shopper.id]);
    expect(new Set(reveals.map((reveal) => reveal.order_item_id)).size).toBe(2);
    expect((await revealsOf(otherOrderId)).map((reveal) => reveal.user_id)).toEqual([other.id]);

    // An hour on, the same codes shown again are recorded again.
    await app.db('code_reveals').whereIn('id', reveals.map((reveal) => reveal.id)).update({
      revealed_at: app.db.raw("revealed_at - interval '1 hour'"),
      reveal_hour: app.db.raw("reveal_hour - interval '1 hour'"),
    });
    expect((await poll(shopper, orderId)).status).toBe(200);
    expect(await revealsOf(orderId)).toHaveLength(4);
    expect(await revealsOf(otherOrderId)).toHaveLength(1);
  });

  it("answers 404 for another user's order and an unknown one, revealing nothing", async () => {
    const owner = await app.createUser();
    const intruder = await app.createUser();
    const orderId = await placeOrder(owner);
    await fulfilment.fulfilOrder(orderId);
    for (const id of [orderId, 987_654_321]) {
      const response = await app.request('GET', `/api/orders/${id}`, { token: intruder.token });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
      expect(JSON.stringify(response.body)).not.toContain('CODE-');
    }
    expect(await revealsOf(orderId)).toEqual([]);
  });

  it('rejects a malformed id with 400 and requires a login', async () => {
    const user = await app.createUser();
    expect((await app.request('GET', '/api/orders/abc', { token: user.token })).status).toBe(400);
    expect((await app.request('GET', '/api/orders/0', { token: user.token })).status).toBe(400);
    expect((await app.request('GET', '/api/orders/1')).status).toBe(401);
  });
});

const everything = async (orderId: number) => ({
  order: await app.db('orders').where({ id: orderId }).first(),
  codes: await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).select('number as id', 'status', 'reserved_until'),
  outbox: await app.db('outbox').whereRaw("payload->>'orderId' = ?", [String(orderId)]).count({ count: '*' }),
});

describe('order transitions', () => {
  it('refuses a transition the state machine does not allow, with a 409 and nothing changed', async () => {
    const orderId = await placeOrder(await app.createUser());
    const before = await everything(orderId);
    // A paid order is neither paid again nor re-run while it is being delivered.
    const attempts: Record<string, (trx: Knex.Transaction, order: LockedOrder) => Promise<void>> = {
      pay: markPaid,
      rerun: (trx, order) => rerun(trx, order, STORE),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const refused = await app.db
        .transaction(async (trx) => attempt(trx, (await lockOrder(trx, orderId))!))
        .then(() => undefined, (err: unknown) => err);
      expect({ name, refused }).toEqual({ name, refused: expect.any(AppError) });
      expect((refused as AppError).code).toBe('CONFLICT');
    }
    // Cancelling leaves a paid order alone: only unpaid orders are cancelled.
    const released = await app.db.transaction(async (trx) => cancelUnpaid(trx, [orderId], { notice: { code: 'CANCELLED_BY_STORE', params: {} }, paymentStatus: 'expired' }));
    expect(released).toBe(0);
    expect(await everything(orderId)).toEqual(before);
  });

  it('refuses to move an order twice from a stale status', async () => {
    const orderId = await placeOrder(await app.createUser());
    const stale = await app.db.transaction(async (trx) => {
      const order = (await lockOrder(trx, orderId))!;
      await markCompleted(trx, order, 'system');
      return order;
    });
    expect(stale.status).toBe('processing');
    const refused = await app.db.transaction((trx) => markCompleted(trx, stale, 'system')).then(() => undefined, (err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect((await app.db('orders').where({ id: orderId }).first('status')).status).toBe('completed');
  });
});
