import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeBalance, createCodeCrypto } from '@topup/server-kit';
import { SandboxGameProvider } from '../../../providers/game';
import { auditCount, auditRowsOf, contentRange, listPath } from '../../../testing/admin-api';
import { createFixtures } from '../../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/harness';
import { createFulfilmentService, type FulfilmentService } from '../../fulfilment/fulfilment.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  fulfilment = createFulfilmentService({
    db: app.db,
    logger: pino({ level: 'silent' }),
    games: new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix }),
    codeCrypto: createCodeCrypto(app.config.codesKey),
  });
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await app.close();
});

/** 25 game units at 19.99 USD / 1579.21 RUB (minor units). */
const OPTION = { gameAmount: 25, priceUsd: 1999, priceRub: 157_921 };

const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });
const setStatus = (orderId: number, status: string) => asAdmin('PUT', `/api/admin/orders/${orderId}`, { status });
const refund = (orderId: number, body: Record<string, unknown> = {}) => asAdmin('POST', `/api/admin/orders/${orderId}/refund`, body);

async function stockedProduct(count: number, title = 'Aurora Card') {
  const product = await fixtures.product({ title });
  const codeIds = await fixtures.codes({ productId: product.id, ...OPTION, count });
  return { product, codeIds };
}

/** A code order paid from the balance through the shop: processing, its codes reserved, the balance back at 0. */
async function paidCodeOrder(user: TestUser, options: { quantity?: number; currency?: 'usd' | 'rub' } = {}) {
  const quantity = options.quantity ?? 2;
  const currency = options.currency ?? 'usd';
  const { product, codeIds } = await stockedProduct(quantity);
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity });
  await fixtures.fundBalance(user.id, currency, (currency === 'usd' ? OPTION.priceUsd : OPTION.priceRub) * quantity);
  const response = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderId: response.body.orderId as number, product, codeIds };
}

/** A card order the shopper has not paid yet: pending, its codes held. */
async function pendingCardOrder(user: TestUser) {
  const { product, codeIds } = await stockedProduct(1);
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
  const response = await app.request('POST', '/api/payment/create', {
    token: user.token,
    body: { amount: OPTION.priceUsd / 100, currency: 'usd', type: 'order' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderId: response.body.orderId as number, codeIds };
}

let players = 0;
/** A Free Fire top-up paid from the balance (processing); a player id ending in 13 is declined by the game. */
async function freefireOrder(user: TestUser, ending = '7') {
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
  await fixtures.fundBalance(user.id, 'usd', 199);
  const topupData = { service: 'freefire', player_id: `${400_000 + (players += 1)}${ending}`, offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 };
  const response = await app.request('POST', '/api/orders/topup', { token: user.token, body: { topupData, currency: 'usd' } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.orderId as number;
}

const orderRow = (orderId: number) =>
  app.db('orders').where({ id: orderId }).first('status', 'notices', 'paid_at', 'completed_at', 'updated_at');
const codesOf = (codeIds: number[]) => app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).orderBy('number').select('number as id', 'status', 'order_id');
const itemCodes = async (orderId: number) =>
  (await fixtures.orderItems([orderId])).map(({ id, code_id, generated_code_id }) => ({ id, code_id, generated_code_id }));
const ledgerOf = (orderId: number) => app.db('balance_ledger').where({ order_id: orderId }).orderBy('id');
/** The fulfilment jobs queued for an order; not when they reached BullMQ, which happens after the commit, at its own pace. */
const fulfilmentJobs = (orderId: number) =>
  app.db('outbox')
    .select('id', 'queue', 'job_name', 'payload')
    .where({ queue: 'fulfilment' })
    .whereRaw("(payload->>'orderId')::bigint = ?", [orderId]);
const balanceOf = async (userId: number, currency: 'usd' | 'rub') =>
  (await app.db('balances').where({ user_id: userId, currency }).first('amount')).amount as number;
const ledgerSum = async (userId: number, currency: 'usd' | 'rub') =>
  Number((await app.db('balance_ledger').where({ user_id: userId, currency }).sum({ sum: 'amount' }).first())?.sum ?? 0);

/** Everything a refused change must leave exactly as it was. */
async function everything(orderId: number, userId: number) {
  return {
    order: await orderRow(orderId),
    items: await app.db('order_items').where({ order_id: orderId }).orderBy('id'),
    codes: await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).orderBy('number'),
    ledger: await app.db('balance_ledger').where({ user_id: userId }).orderBy('id'),
    balances: await app.db('balances').where({ user_id: userId }).orderBy('currency'),
    jobs: await fulfilmentJobs(orderId),
    audit: await auditCount(app),
  };
}

describe('GET /api/admin/orders', () => {
  it('lists orders newest first in the list protocol, with the buyer and money as decimals', async () => {
    const buyer = await app.createUser();
    const { orderId } = await paidCodeOrder(buyer, { quantity: 2, currency: 'rub' });
    const response = await asAdmin('GET', listPath('/api/admin/orders', { filter: { userId: buyer.id } }));
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'orders', start: 0, end: 0, total: 1 });
    expect(response.body).toEqual([
      {
        id: orderId,
        userId: buyer.id,
        userNickname: buyer.nickname,
        status: 'processing',
        kind: 'codes',
        paymentMethod: 'balance',
        currency: 'rub',
        total: 3158.42,
        totalUsd: 39.98,
        discount: 0,
        promoCode: null,
        notices: [],
        createdAt: expect.any(String),
        paidAt: expect.any(String),
        completedAt: null,
        attentionReason: null,
        attentionSince: null,
      },
    ]);
    expect(new Date(response.body[0].createdAt).toISOString()).toBe(response.body[0].createdAt);
  });

  it('filters by status, buyer, order number, ids and creation day, and sorts by the fields offered', async () => {
    const buyer = await app.createUser();
    const paid = (await paidCodeOrder(buyer, { quantity: 1 })).orderId;
    const bigger = (await paidCodeOrder(buyer, { quantity: 3 })).orderId;
    const pending = (await pendingCardOrder(buyer)).orderId;
    const ids = async (params: Parameters<typeof listPath>[1]) => {
      const response = await asAdmin('GET', listPath('/api/admin/orders', { ...params, filter: { userId: buyer.id, ...(params?.filter as object) } }));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.map((order: { id: number }) => order.id);
    };

    expect(await ids({})).toEqual([pending, bigger, paid]);
    expect(await ids({ sort: ['id', 'ASC'] })).toEqual([paid, bigger, pending]);
    expect(await ids({ sort: ['total', 'DESC'] })).toEqual([bigger, pending, paid]);
    expect(await ids({ filter: { status: 'pending' } })).toEqual([pending]);
    expect(await ids({ filter: { q: String(bigger) } })).toEqual([bigger]);
    expect(await ids({ filter: { q: `#${paid}` } })).toEqual([paid]);
    expect(await ids({ filter: { id: [paid, pending] } })).toEqual([pending, paid]);

    // Days are the store's (Moscow) days, both ends included: 21:30 UTC on the 14th is already the 15th there.
    await app.db('orders').where({ id: paid }).update({ created_at: '2020-01-14T21:30:00Z' });
    await app.db('orders').where({ id: bigger }).update({ created_at: '2020-01-16T12:00:00Z' });
    expect(await ids({ filter: { createdFrom: '2020-01-15', createdTo: '2020-01-15' } })).toEqual([paid]);
    expect(await ids({ filter: { createdFrom: '2020-01-15', createdTo: '2020-01-16' } })).toEqual([bigger, paid]);
    expect(await ids({ filter: { createdTo: '2020-01-14' } })).toEqual([]);
    expect(await ids({ filter: { createdFrom: '2020-01-16T12:00:00Z' } })).toEqual([pending, bigger]);

    const page = await asAdmin('GET', listPath('/api/admin/orders', { filter: { userId: buyer.id }, range: [1, 1] }));
    expect(page.body.map((order: { id: number }) => order.id)).toEqual([bigger]);
    expect(contentRange(page.headers)).toEqual({ resource: 'orders', start: 1, end: 1, total: 3 });
  });

  it('refuses unknown sort fields, unknown filters and malformed filter values with a 400', async () => {
    for (const params of [
      { sort: ['nickname', 'ASC'] },
      { filter: { kind: 'codes' } },
      { filter: { status: 'shipped' } },
      { filter: { userId: 'abc' } },
      { filter: { q: 'abc' } },
      { filter: { createdFrom: 'yesterday' } },
      { filter: { createdTo: '2020-13-45' } },
      { range: [0, 5000] },
    ]) {
      const response = await asAdmin('GET', listPath('/api/admin/orders', params));
      expect({ params, status: response.status, code: response.body.error?.code }).toEqual({ params, status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows one order with its items, never their codes', async () => {
    const buyer = await app.createUser();
    const { orderId, product } = await paidCodeOrder(buyer, { quantity: 2 });
    const topupId = await freefireOrder(buyer);
    const response = await asAdmin('GET', `/api/admin/orders/${orderId}`);
    expect(response.status).toBe(200);
    const item = { id: expect.any(Number), itemType: 'code', productTitle: 'Aurora Card', gameAmount: 25, amount: 19.99, topupData: null, providerStatus: null };
    expect(response.body).toMatchObject({ id: orderId, userId: buyer.id, status: 'processing', total: 39.98, items: [item, item] });
    expect(product.id).toBeGreaterThan(0);
    expect(JSON.stringify(response.body)).not.toContain('CODE-');

    const topup = await asAdmin('GET', `/api/admin/orders/${topupId}`);
    expect(topup.body.kind).toBe('topup');
    expect(topup.body.items).toEqual([
      expect.objectContaining({ itemType: 'topup', productTitle: null, gameAmount: 100, amount: 1.99, providerStatus: 'pending', topupData: expect.objectContaining({ service: 'freefire' }) }),
    ]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await asAdmin('GET', '/api/admin/orders/987654321')).body.error.code).toBe('NOT_FOUND');
    expect((await asAdmin('GET', '/api/admin/orders/abc')).status).toBe(400);
  });
});

describe('PUT /api/admin/orders/:id {status}', () => {
  it('cancels an unpaid order through the cancellation path of unpaid orders: its codes go back on sale', async () => {
    const buyer = await app.createUser();
    const { orderId, codeIds } = await pendingCardOrder(buyer);
    expect(await codesOf(codeIds)).toEqual([{ id: codeIds[0], status: 'reserved', order_id: orderId }]);

    const response = await setStatus(orderId, 'cancelled');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: orderId, status: 'cancelled', notices: [{ code: 'CANCELLED_BY_STORE', params: {} }], items: [expect.any(Object)] });
    expect(await codesOf(codeIds)).toEqual([{ id: codeIds[0], status: 'available', order_id: null }]);
    expect(await itemCodes(orderId)).toEqual([{ id: expect.any(Number), code_id: null, generated_code_id: null }]);
    expect((await app.db('payments').where({ order_id: orderId }).first()).status).toBe('expired');

    const [audit] = await auditRowsOf(app, 'order', orderId);
    expect(audit).toMatchObject({
      actor_id: admin.id,
      action: 'order.cancel',
      before: expect.objectContaining({ status: 'pending' }),
      after: expect.objectContaining({ status: 'cancelled', releasedCodes: 1 }),
      request_id: expect.any(String),
    });
  });

  it('refuses every transition not in the contract with a 409, changing nothing', async () => {
    const buyer = await app.createUser();
    const completed = (await paidCodeOrder(buyer)).orderId;
    await fulfilment.fulfilOrder(completed);
    const pending = (await pendingCardOrder(buyer)).orderId;
    const processing = (await paidCodeOrder(buyer)).orderId;
    const cases: Array<[number, string]> = [
      [completed, 'processing'],
      [completed, 'failed'],
      [completed, 'cancelled'],
      [pending, 'completed'],
      [pending, 'processing'],
      [processing, 'pending'],
      [processing, 'cancelled'],
    ];
    for (const [orderId, status] of cases) {
      const before = await everything(orderId, buyer.id);
      const response = await setStatus(orderId, status);
      expect({ status, code: response.status, error: response.body.error?.code }).toEqual({ status, code: 409, error: 'CONFLICT' });
      expect(response.body.error.message).toMatch(/cannot become/);
      expect(await everything(orderId, buyer.id)).toEqual(before);
    }
    // The same status again is no change at all.
    const before = await everything(completed, buyer.id);
    expect((await setStatus(completed, 'completed')).status).toBe(200);
    expect(await everything(completed, buyer.id)).toEqual(before);
    expect((await asAdmin('PUT', `/api/admin/orders/${completed}`, { status: 'completed', total: 1 })).status).toBe(400);
    expect((await setStatus(987_654_321, 'cancelled')).status).toBe(404);
  });

  it('marks a top-up completed by hand (delivered outside the store), but never a code order', async () => {
    const buyer = await app.createUser();
    const codeOrder = (await paidCodeOrder(buyer)).orderId;
    const before = await everything(codeOrder, buyer.id);
    const refused = await setStatus(codeOrder, 'completed');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/fulfilment/);
    expect(await everything(codeOrder, buyer.id)).toEqual(before);

    const topupId = await freefireOrder(buyer);
    const response = await setStatus(topupId, 'completed');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'completed', completedAt: expect.any(String), items: [expect.objectContaining({ providerStatus: 'succeeded' })] });
    // The delivery that was queued finds the order done and leaves it alone.
    await fulfilment.fulfilOrder(topupId);
    expect((await orderRow(topupId)).status).toBe('completed');
    expect((await auditRowsOf(app, 'order', topupId)).map((row) => row.action)).toEqual(['order.complete']);
  });

  it('fails a processing order by refunding it: the money back on the ledger, its codes back on sale', async () => {
    const buyer = await app.createUser();
    const { orderId, codeIds } = await paidCodeOrder(buyer, { quantity: 2 });
    expect(await balanceOf(buyer.id, 'usd')).toBe(0);
    const response = await setStatus(orderId, 'failed');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'failed', notices: [{ code: 'STORE_STOPPED_DELIVERY', params: { refund: { amount: 39.98, currency: 'usd' } } }] });
    expect(await balanceOf(buyer.id, 'usd')).toBe(3998);
    expect((await ledgerOf(orderId)).map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
      ['order_payment', -3998, `order:${orderId}:payment`],
      ['order_refund', 3998, `admin-refund:${orderId}`],
    ]);
    expect((await codesOf(codeIds)).map((code) => code.status)).toEqual(['available', 'available']);
    // A late fulfilment job of the order finds it failed and delivers nothing.
    await fulfilment.fulfilOrder(orderId);
    expect((await codesOf(codeIds)).map((code) => code.status)).toEqual(['available', 'available']);
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('refunds a delivered code order once: ledger row, balance, audit; the delivered codes stay used', async () => {
    const buyer = await app.createUser();
    const { orderId, codeIds } = await paidCodeOrder(buyer, { quantity: 2, currency: 'rub' });
    await fulfilment.fulfilOrder(orderId);

    const response = await refund(orderId, { note: 'Codes did not work for the buyer' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      status: 'failed',
      notices: [
        { code: 'STORE_REFUNDED', params: { refund: { amount: 3158.42, currency: 'rub' }, refundTo: 'balance' } },
        { code: 'STORE_NOTE', params: { text: 'Codes did not work for the buyer' } },
      ],
    });
    const refundRow = (await ledgerOf(orderId)).at(-1);
    expect(refundRow).toMatchObject({
      user_id: buyer.id,
      currency: 'rub',
      amount: 315_842,
      balance_after: 315_842,
      reason: 'order_refund',
      reference: `admin-refund:${orderId}`,
      actor_id: admin.id,
      note: 'Codes did not work for the buyer',
    });
    expect(await balanceOf(buyer.id, 'rub')).toBe(315_842);
    expect(await ledgerSum(buyer.id, 'rub')).toBe(315_842);
    expect((await codesOf(codeIds)).map((code) => code.status)).toEqual(['used', 'used']);
    const [audit] = await auditRowsOf(app, 'order', orderId);
    expect(audit).toMatchObject({
      action: 'order.refund',
      actor_id: admin.id,
      before: expect.objectContaining({ status: 'completed', total: 3158.42 }),
      after: expect.objectContaining({
        status: 'failed',
        refunded: 3158.42,
        currency: 'rub',
        deliveredCodesKept: 2,
        deliveredCodes: expect.stringContaining('cannot be taken back'),
      }),
    });

    const before = await everything(orderId, buyer.id);
    const again = await refund(orderId);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already been refunded') });
    expect(await everything(orderId, buyer.id)).toEqual(before);
  });

  it('two refunds at once move the money exactly once', async () => {
    const buyer = await app.createUser();
    const { orderId } = await paidCodeOrder(buyer, { quantity: 1 });
    const answers = await Promise.all([refund(orderId), refund(orderId), refund(orderId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await ledgerOf(orderId)).filter((entry) => entry.reason === 'order_refund')).toHaveLength(1);
    expect(await balanceOf(buyer.id, 'usd')).toBe(OPTION.priceUsd);
    expect((await auditRowsOf(app, 'order', orderId)).map((row) => row.action)).toEqual(['order.refund']);
  });

  it('refuses orders that were never paid or are already refunded, changing nothing', async () => {
    const buyer = await app.createUser();
    const pending = (await pendingCardOrder(buyer)).orderId;
    const before = await everything(pending, buyer.id);
    const response = await refund(pending);
    expect(response.status).toBe(409);
    expect(response.body.error.message).toMatch(/cancel it instead/);
    expect(await everything(pending, buyer.id)).toEqual(before);
    expect((await refund(pending, { note: 'x'.repeat(501) })).status).toBe(400);
    expect((await refund(pending, { amount: 5 })).status).toBe(400);
  });

  it('refunds a card-paid order to the balance', async () => {
    const buyer = await app.createUser();
    const { orderId } = await pendingCardOrder(buyer);
    await app.db('orders').where({ id: orderId }).update({ status: 'processing', paid_at: app.db.fn.now() });
    await app.db('payments').where({ order_id: orderId }).update({ status: 'paid', paid_at: app.db.fn.now() });
    const response = await refund(orderId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await balanceOf(buyer.id, 'usd')).toBe(OPTION.priceUsd);
    expect(await ledgerSum(buyer.id, 'usd')).toBe(OPTION.priceUsd);
  });
});

describe('re-running fulfilment (failed -> processing)', () => {
  it('takes the released codes again, charges the buyer again and queues fulfilment, which completes the order', async () => {
    const buyer = await app.createUser();
    const { orderId, codeIds } = await paidCodeOrder(buyer, { quantity: 2 });
    expect((await refund(orderId)).status).toBe(200);
    // One released code is sold to someone else meanwhile; the re-run takes another of the same option.
    const [productId] = (await app.db('stock_codes').where({ source: 'manual' }).where({ number: codeIds[0] }).select('product_id')).map((row) => row.product_id);
    const [spare] = await fixtures.codes({ productId, ...OPTION, count: 1 });
    await app.db('stock_codes').where({ source: 'manual' }).where({ number: codeIds[0] }).delete();
    const jobsBefore = (await fulfilmentJobs(orderId)).length;

    const response = await setStatus(orderId, 'processing');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'processing', notices: [], completedAt: null });
    expect(await fulfilmentJobs(orderId)).toHaveLength(jobsBefore + 1);
    const held = (await itemCodes(orderId)).map((item) => item.code_id).sort((a, b) => a - b);
    expect(held).toEqual([codeIds[1], spare]);
    expect((await codesOf(held as number[])).map((code) => [code.status, code.order_id])).toEqual([
      ['reserved', orderId],
      ['reserved', orderId],
    ]);
    expect(await balanceOf(buyer.id, 'usd')).toBe(0);
    expect((await ledgerOf(orderId)).map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
      ['order_payment', -3998, `order:${orderId}:payment`],
      ['order_refund', 3998, `admin-refund:${orderId}`],
      ['order_payment', -3998, `admin-rerun:${orderId}:1`],
    ]);
    expect(await auditRowsOf(app, 'order', orderId)).toEqual([
      expect.objectContaining({ action: 'order.refund' }),
      expect.objectContaining({ action: 'order.rerun', after: expect.objectContaining({ status: 'processing', charged: 39.98, retakenCodes: 2 }) }),
    ]);

    await fulfilment.fulfilOrder(orderId);
    expect((await orderRow(orderId)).status).toBe('completed');
    const shopperView = await app.request('GET', `/api/orders/${orderId}`, { token: buyer.token });
    expect(shopperView.body.items.map((item: { code: { code: string } }) => item.code.code)).toEqual([
      expect.stringMatching(/^CODE-/),
      expect.stringMatching(/^CODE-/),
    ]);

    // Refunded again after the re-run: a refund of its own on the ledger.
    expect((await refund(orderId)).status).toBe(200);
    expect((await ledgerOf(orderId)).at(-1)).toMatchObject({ amount: 3998, reference: `admin-refund:${orderId}:2` });
    expect(await ledgerSum(buyer.id, 'usd')).toBe(await balanceOf(buyer.id, 'usd'));
  });

  it('re-runs a top-up the store refunded, and refunds it again if the game then declines it', async () => {
    const buyer = await app.createUser();
    const orderId = await freefireOrder(buyer, '13');
    expect((await setStatus(orderId, 'failed')).status).toBe(200);
    expect(await balanceOf(buyer.id, 'usd')).toBe(199);
    const rerun = await setStatus(orderId, 'processing');
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(200);
    expect(rerun.body.items).toEqual([expect.objectContaining({ providerStatus: 'pending' })]);
    expect(await balanceOf(buyer.id, 'usd')).toBe(0);

    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', notices: [expect.objectContaining({ code: 'TOPUP_DECLINED' })] });
    expect(await balanceOf(buyer.id, 'usd')).toBe(199);
    expect(await ledgerSum(buyer.id, 'usd')).toBe(199);

    // Its delivery refund can happen once only, so another re-run is refused.
    const before = await everything(orderId, buyer.id);
    const refused = await setStatus(orderId, 'processing');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/new order/);
    expect(await everything(orderId, buyer.id)).toEqual(before);
  });

  it('refuses a re-run without stock, without the money or after the codes were delivered, changing nothing', async () => {
    const buyer = await app.createUser();
    const { orderId, codeIds } = await paidCodeOrder(buyer, { quantity: 1 });
    expect((await refund(orderId)).status).toBe(200);
    await app.db('stock_codes').where({ source: 'manual' }).whereIn('number', codeIds).delete();
    let before = await everything(orderId, buyer.id);
    const noStock = await setStatus(orderId, 'processing');
    expect(noStock.body.error).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.stringContaining('Add codes') });
    expect(await everything(orderId, buyer.id)).toEqual(before);

    const [productId] = (await app.db('order_items').where({ order_id: orderId }).select('product_id')).map((row) => row.product_id);
    await fixtures.codes({ productId, ...OPTION, count: 1 });
    await app.db.transaction((trx) =>
      changeBalance(trx, { userId: buyer.id, currency: 'usd', amount: -1000, reason: 'admin_adjustment', reference: `test-spend:${orderId}` }),
    );
    before = await everything(orderId, buyer.id);
    const noMoney = await setStatus(orderId, 'processing');
    expect(noMoney.status).toBe(409);
    expect(noMoney.body.error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: expect.stringContaining('19.99 USD') });
    expect(await everything(orderId, buyer.id)).toEqual(before);

    const delivered = (await paidCodeOrder(buyer, { quantity: 1 })).orderId;
    await fulfilment.fulfilOrder(delivered);
    expect((await refund(delivered)).status).toBe(200);
    before = await everything(delivered, buyer.id);
    const nothingLeft = await setStatus(delivered, 'processing');
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body.error.message).toMatch(/delivered/);
    expect(await everything(delivered, buyer.id)).toEqual(before);
  });
});
