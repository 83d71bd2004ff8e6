import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createCodeCrypto } from '@topup/server-kit';
import { migrationSource } from '@topup/migrations';
import { maskCode } from '../../lib/code-mask';
import { listPath } from '../../testing/admin-api';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

/**
 * The migration that made the three code tables one stock (migrations/migrations/20261130000001_one_code_stock.ts),
 * run on a store holding orders of the three games and codes of every source: available, held by an unpaid
 * order, sold, activated, unpublished, redeemed and rejected by the game. The back office's three code
 * screens show what the old tables held, with the same ids; a shopper's orders show the same codes; `down`
 * gives the three tables back row for row, with their ids, sequences and the order items' columns.
 */

const MIGRATION = '20261130000001_one_code_stock';
/** It changed place_cart_order's arguments, which MIGRATION redefines by them: it goes down first, as a rollback would. */
const PROMO_CODES = '20261210000001_promo_codes';
/** It changed place_cart_order's arguments again: it goes down before PROMO_CODES and up after it. */
const CHECKOUT_ROUND_TRIPS = '20261212000002_checkout_in_fewer_round_trips';
const OLD_TABLES = ['codes', 'generated_codes', 'pubg_codes'] as const;

let app: TestApp;
let admin: TestUser;
let shopper: TestUser;
const crypto = () => createCodeCrypto(app.config.codesKey);
const orders: Record<'codesHeld' | 'codesSold' | 'pubgHeld' | 'pubgDone' | 'freefireTopup' | 'steamTopup', number> = {} as never;

const rowsOf = async (db: Knex, tables: readonly string[]) =>
  Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await db(table).orderBy('id').select()] as const)));
const itemCodes = (db: Knex) => db('order_items').orderBy('id').select('id', 'code_id', 'generated_code_id', 'pubg_code_id');

/** What the back office's three code screens showed, read from the old tables as their services read them. */
async function oldScreens(db: Knex) {
  const masked = (encrypted: string) => maskCode(crypto().decrypt(encrypted));
  const codes = (await db('codes').orderBy('id')).map((row) => ({
    id: row.id,
    productId: row.product_id,
    regionId: row.region_id,
    code: masked(row.code_encrypted),
    gameAmount: row.game_amount,
    priceUsd: row.price_usd / 100,
    status: row.status,
    popular: row.popular,
    orderId: row.order_id,
  }));
  const generated = (
    await db.raw(`select g.*, d.legacy_id from generated_codes g join game_denominations d on d.legacy_id = g.denomination_id order by g.id`)
  ).rows.map((row: any) => ({
    id: row.id,
    denominationId: row.legacy_id,
    code: masked(row.code_encrypted),
    status: row.status,
    published: row.published,
    generationRequestId: row.generation_request_id,
    orderId: row.order_id,
    activatedPlayerId: row.activated_player_id,
  }));
  const pubg = (await db('pubg_codes').orderBy('id')).map((row) => ({
    id: row.id,
    denominationId: row.denomination_id,
    code: masked(row.code_encrypted),
    status: row.status,
    errorMessage: row.error_message,
  }));
  return { codes, generated, pubg };
}

/** The same screens, as the API answers them now. */
async function newScreens() {
  const all = { sort: ['id', 'ASC'], range: [0, 999] };
  const list = async (path: string, keys: string[]) =>
    ((await app.request('GET', listPath(path, all), { token: admin.token })).body as Array<Record<string, unknown>>).map((row) =>
      Object.fromEntries(keys.map((key) => [key, row[key]])),
    );
  return {
    codes: await list('/api/admin/codes', ['id', 'productId', 'regionId', 'code', 'gameAmount', 'priceUsd', 'status', 'popular', 'orderId']),
    generated: await list('/api/admin/generated-codes', ['id', 'denominationId', 'code', 'status', 'published', 'generationRequestId', 'orderId', 'activatedPlayerId']),
    pubg: await list('/api/pubg-admin/codes', ['id', 'denominationId', 'code', 'status', 'errorMessage']),
  };
}

/** Everything a shopper and the back office read of the orders: receipts (with codes), lists and order screens. */
async function orderViews() {
  const views: Record<string, unknown> = {
    shopperList: (await app.request('GET', '/api/orders', { token: shopper.token })).body,
    adminList: (await app.request('GET', listPath('/api/admin/orders', { sort: ['id', 'ASC'], range: [0, 99] }), { token: admin.token })).body,
  };
  for (const [name, id] of Object.entries(orders)) {
    views[`shopper:${name}`] = (await app.request('GET', `/api/orders/${id}`, { token: shopper.token })).body;
    views[`admin:${name}`] = (await app.request('GET', `/api/admin/orders/${id}`, { token: admin.token })).body;
  }
  return views;
}

/** A store at the migration before: orders of the three games and codes of every source, in every state. */
async function fillOldStore(db: Knex): Promise<void> {
  const encrypted = (code: string) => ({ code_encrypted: crypto().encrypt(code), code_hash: crypto().hash(code) });
  const gameId = (slug: string) => db.raw('(select g.id from games g join products p on p.id = g.product_id where p.slug = ?)', [slug]);
  const [pubg60] = await db('game_denominations').insert({ game_id: gameId('pubg'), name: '60 UC', unit: 'UC', amount: 60, price_usd: 99, price_rub: 7821 }).returning('id');
  const [offer] = await db('game_denominations')
    .insert({ game_id: gameId('freefire'), name: '310 алмазов', unit: 'алмазов', item_id: 102, amount: 310, price_usd: 299, price_rub: 23_621 })
    .returning(['id', 'legacy_id']);
  const freefireProduct = await db('products').where({ slug: 'freefire' }).first('id');
  const [giftCard] = await db('products').insert({ slug: 'stock-gift', title: 'Gift', category: 'gift_card', game_currency: 'USD', has_global_codes: true }).returning('id');

  const order = async (fields: Record<string, unknown>) =>
    (await db('orders').insert({ user_id: shopper.id, currency: 'usd', total: 99, total_usd: 99, rate_usd_rub: '79', payment_method: 'balance', ...fields }).returning('id'))[0]
      .id as number;
  const holdUntil = db.raw("now() + interval '15 minutes'");
  orders.codesHeld = await order({ kind: 'codes', status: 'pending', payment_method: 'card', hold_expires_at: holdUntil });
  orders.codesSold = await order({ kind: 'codes', status: 'completed', paid_at: db.fn.now(), completed_at: db.fn.now() });
  orders.pubgHeld = await order({ kind: 'topup', status: 'pending', payment_method: 'card', hold_expires_at: holdUntil });
  orders.pubgDone = await order({ kind: 'topup', status: 'completed' });
  orders.freefireTopup = await order({ kind: 'topup', status: 'completed' });
  orders.steamTopup = await order({ kind: 'topup', status: 'completed' });

  // Ids with gaps, as a store that deleted codes has them: the new numbers must keep each one.
  await db.raw(`SELECT setval('codes_id_seq', 40), setval('generated_codes_id_seq', 7), setval('pubg_codes_id_seq', 300)`);
  const manual = (code: string, fields: Record<string, unknown>) => ({ product_id: giftCard.id, ...encrypted(code), game_amount: 10, price_usd: 999, price_rub: 78_921, ...fields });
  const manualCodes = await db('codes')
    .insert([
      manual('GIFT-AVAILABLE-0001', { popular: true }),
      manual('GIFT-HELD-0002', { status: 'reserved', order_id: orders.codesHeld, reserved_until: holdUntil }),
      manual('GIFT-SOLD-0003', { status: 'used', order_id: orders.codesSold, sold_at: db.fn.now() }),
    ])
    .returning('id');
  const [request] = await db('code_generation_requests').insert({ denomination_id: offer.legacy_id, count: 4, generated: 4, status: 'completed' }).returning('id');
  const generated = (code: string, fields: Record<string, unknown>) => ({
    denomination_id: offer.legacy_id,
    product_id: freefireProduct.id,
    generation_request_id: request.id,
    ...encrypted(code),
    game_amount: 310,
    price_usd: 299,
    price_rub: 23_621,
    ...fields,
  });
  const generatedCodes = await db('generated_codes')
    .insert([
      generated('FF-PUBLISHED-0001', { published: true }),
      generated('FF-HIDDEN-0002', { published: false }),
      generated('FF-HELD-0003', { published: true, status: 'reserved', order_id: orders.codesHeld, reserved_until: holdUntil }),
      generated('FF-SOLD-0004', { published: true, status: 'used', order_id: orders.codesSold, sold_at: db.fn.now(), activated_player_id: '5123457', activated_at: db.fn.now() }),
    ])
    .returning('id');
  await db('pubg_codes').insert([
    { denomination_id: pubg60.id, ...encrypted('UC-AVAILABLE-01') },
    { denomination_id: pubg60.id, ...encrypted('UC-HELD-02'), status: 'reserved', order_id: orders.pubgHeld },
    { denomination_id: pubg60.id, ...encrypted('UC-USED-03'), status: 'used', order_id: orders.pubgDone, used_at: db.fn.now() },
    { denomination_id: pubg60.id, ...encrypted('UC-REJECTED-04'), status: 'error', order_id: orders.pubgDone, error_message: 'Rejected by the game: invalid' },
  ]);

  const codeItem = (orderId: number, fields: Record<string, unknown>) => ({ order_id: orderId, item_type: 'code', amount: 999, price_usd: 999, price_rub: 78_921, rate_used: '79', ...fields });
  const topup = (orderId: number, data: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
    order_id: orderId,
    item_type: 'topup',
    amount: 99,
    price_usd: 99,
    price_rub: 7821,
    rate_used: '79',
    provider_status: 'succeeded',
    topup_data: data,
    ...fields,
  });
  const pubgPackage = { denomination_id: pubg60.id, quantity: 1, uc_amount: 60, price_usd: 0.99, price_rub: 78.21 };
  await db('order_items').insert([
    codeItem(orders.codesHeld, { product_id: giftCard.id, code_id: manualCodes[1].id, game_amount: 10 }),
    codeItem(orders.codesHeld, { product_id: freefireProduct.id, generated_code_id: generatedCodes[2].id, game_amount: 310 }),
    codeItem(orders.codesSold, { product_id: giftCard.id, code_id: manualCodes[2].id, game_amount: 10 }),
    codeItem(orders.codesSold, { product_id: freefireProduct.id, generated_code_id: generatedCodes[3].id, game_amount: 310 }),
    topup(orders.pubgHeld, { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 60 UC', packages: [pubgPackage] }, { provider_status: 'pending' }),
    topup(orders.pubgDone, { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 60 UC', packages: [pubgPackage] }),
    topup(orders.freefireTopup, { service: 'freefire', login: '5123457', player_id: '5123457', offer_id: 102, offer_name: '310 алмазов', price_usd: 2.99 }, { game_amount: 310 }),
    topup(orders.steamTopup, { service: 'steam', login: 'gabe_N1', player_id: 'gabe_N1', offer_id: 0, offer_name: 'Steam 10 USD', amount: 10 }),
  ]);
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
  await app.db.migrate.down({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
  await app.db.migrate.down({ migrationSource, name: PROMO_CODES });
  await app.db.migrate.down({ migrationSource, name: MIGRATION });
  await fillOldStore(app.db);
});

afterAll(async () => {
  await app?.close();
});

describe('one code stock, on a store that sold codes of every source', () => {
  let screens: Awaited<ReturnType<typeof oldScreens>>;
  let oldRows: Record<string, unknown>;
  let oldItems: unknown[];
  let views: Record<string, unknown>;

  it('keeps what the back office lists and shoppers see, with the same ids', async () => {
    screens = await oldScreens(app.db);
    oldRows = await rowsOf(app.db, OLD_TABLES);
    oldItems = await itemCodes(app.db);
    expect(screens.codes.map((code) => code.id)).toEqual([41, 42, 43]);
    expect(screens.pubg).toHaveLength(4);

    await app.db.migrate.up({ migrationSource, name: MIGRATION });
    await app.db.migrate.up({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.up({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    expect(await newScreens()).toEqual(screens);
    expect((await app.request('GET', '/api/admin/codes/42', { token: admin.token })).body).toMatchObject({ id: 42, status: 'reserved', orderId: orders.codesHeld });
    expect((await app.request('GET', '/api/pubg-admin/codes/304', { token: admin.token })).body).toMatchObject({ id: 304, status: 'error' });

    // The shopper's receipt reveals the codes sold to them, as they were stored.
    const receipt = (await app.request('GET', `/api/orders/${orders.codesSold}`, { token: shopper.token })).body;
    expect(receipt.items.map((item: { code: { code: string } | null }) => item.code?.code)).toEqual(['GIFT-SOLD-0003', 'FF-SOLD-0004']);
    views = await orderViews();
  });

  it('gives the three tables back, row for row, on the way down, and numbers new codes after them', async () => {
    await app.db.migrate.down({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    await app.db.migrate.down({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.down({ migrationSource, name: MIGRATION });
    expect(await rowsOf(app.db, OLD_TABLES)).toEqual(oldRows);
    expect(await itemCodes(app.db)).toEqual(oldItems);
    expect(await oldScreens(app.db)).toEqual(screens);
    const [next] = await app.db('codes').insert({ product_id: screens.codes[0]!.productId, ...{ code_encrypted: 'x', code_hash: 'next' }, game_amount: 1, price_usd: 1, price_rub: 1 }).returning('id');
    expect(next.id).toBe(44);
    await app.db('codes').where({ id: next.id }).delete();

    await app.db.migrate.up({ migrationSource, name: MIGRATION });
    await app.db.migrate.up({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.up({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    expect(await newScreens()).toEqual(screens);
    expect(await orderViews()).toEqual(views);
    const created = await app.request('POST', '/api/pubg-admin/codes', { token: admin.token, body: { denominationId: screens.pubg[0]!.denominationId, code: 'UC-NEW-0001' } });
    expect(created.body.id).toBe(305);
    const manual = await app.request('POST', '/api/admin/codes', {
      token: admin.token,
      body: { productId: screens.codes[0]!.productId, code: 'GIFT-NEW-0001', gameAmount: 10, priceUsd: 9.99, priceRub: 789.21 },
    });
    // 44 was handed out (and deleted) while the old table was back: it is never handed out again.
    expect(manual.body.id).toBe(45);
  });
});
