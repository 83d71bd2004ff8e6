import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createCodeCrypto } from '@topup/server-kit';
import { migrationSource } from '@topup/migrations';
import { listPath } from '../../testing/admin-api';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

/**
 * The migration that made every game data (migrations/migrations/20261129000001_every_game_as_data.ts),
 * run on a store holding orders of the three games, codes of every source (manual, generated, PUBG) and
 * codes held by unpaid orders: what shoppers and the back office see is what the old tables showed, with
 * the same ids; no order or code row changes; and `down` gives the old tables back as they were.
 */

const MIGRATION = '20261129000001_every_game_as_data';
/** The next migrations (the code tables moved into one stock, then the suppliers) run down first and up last. */
const ONE_CODE_STOCK = '20261130000001_one_code_stock';
const SUPPLIERS = '20261201000001_suppliers';
/** It changed place_cart_order's arguments, which ONE_CODE_STOCK redefines by them: it goes down first, as a rollback would. */
const PROMO_CODES = '20261210000001_promo_codes';
/** It changed place_cart_order's arguments again: it goes down before PROMO_CODES and up after it. */
const CHECKOUT_ROUND_TRIPS = '20261212000002_checkout_in_fewer_round_trips';
const LANGUAGES = ['ru', 'en', 'uz'] as const;

let app: TestApp;
let admin: TestUser;
let shopper: TestUser;
const crypto = () => createCodeCrypto(app.config.codesKey);

/** Rows that the migration must leave exactly as they are. */
const UNTOUCHED = ['orders', 'order_items', 'codes', 'generated_codes', 'pubg_codes', 'code_generation_requests', 'stock_thresholds', 'products'] as const;
const rowsOf = async (db: Knex, tables: readonly string[]) =>
  Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await db(table).orderBy('id').select()] as const)));

/** The old tables' views, as the old services queried them (shopper lists in each language, the back office's records). */
async function oldViews(db: Knex) {
  const packages = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        (
          await db.raw(
            `select id, uc_amount, localized(name, translations, ?, 'name') as name, price_usd, price_rub
               from pubg_denominations where active order by uc_amount`,
            [language],
          )
        ).rows.map((row: any) => ({ ...row, price_usd: row.price_usd / 100, price_rub: row.price_rub / 100 })),
      ]),
    ),
  );
  const offers = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        (
          await db.raw(
            `select id, item_id, localized(name, translations, ?, 'name') as name, game_amount, is_active, price_usd, price_rub
               from freefire_denominations where is_active and (price_usd > 0 or price_rub > 0) order by game_amount, id`,
            [language],
          )
        ).rows.map(({ price_usd, price_rub, ...row }: any) => ({ ...row, price: price_usd / 100, price_rub: price_rub / 100 })),
      ]),
    ),
  );
  const pubgAdmin = (
    await db.raw(`select d.id, d.uc_amount, d.name, d.translations, d.price_usd, d.price_rub, d.active, d.created_at,
                         (select count(*) from pubg_codes pc where pc.denomination_id = d.id and pc.status = 'available')::int as available
                    from pubg_denominations d order by d.id`)
  ).rows.map((row: any) => ({
    id: row.id,
    ucAmount: row.uc_amount,
    name: row.name,
    translations: { en: { name: row.translations.en?.name ?? '' }, uz: { name: row.translations.uz?.name ?? '' } },
    priceUsd: row.price_usd / 100,
    priceRub: row.price_rub / 100,
    active: row.active,
    created: row.created_at.toISOString(),
    availableCodes: row.available,
  }));
  const freefireAdmin = (await db('freefire_denominations').orderBy('id').select()).map((row: any) => ({
    id: row.id,
    name: row.name,
    translations: { en: { name: row.translations.en?.name ?? '' }, uz: { name: row.translations.uz?.name ?? '' } },
    item_id: row.item_id,
    price: row.price_usd / 100,
    price_rub: row.price_rub / 100,
    game_amount: row.game_amount,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
  }));
  const pubgCodes = (
    await db.raw(`select pc.id, pc.denomination_id, d.uc_amount, d.price_usd, d.price_rub, pc.status
                    from pubg_codes pc join pubg_denominations d on d.id = pc.denomination_id order by pc.id`)
  ).rows.map((row: any) => ({
    id: row.id,
    denominationId: row.denomination_id,
    ucAmount: row.uc_amount,
    priceUsd: row.price_usd / 100,
    priceRub: row.price_rub / 100,
    status: row.status,
  }));
  const generatedCodes = (
    await db.raw(`select gc.id, gc.denomination_id, d.name from generated_codes gc join freefire_denominations d on d.id = gc.denomination_id order by gc.id`)
  ).rows.map((row: any) => ({ id: row.id, denominationId: row.denomination_id, denominationName: row.name }));
  const thresholds = (
    await db.raw(`select t.id, t.pubg_denomination_id, t.freefire_denomination_id, coalesce(pd.uc_amount || ' UC', fd.name) as name
                    from stock_thresholds t left join pubg_denominations pd on pd.id = t.pubg_denomination_id
                    left join freefire_denominations fd on fd.id = t.freefire_denomination_id
                   where t.pubg_denomination_id is not null or t.freefire_denomination_id is not null order by t.id`)
  ).rows.map((row: any) => ({ id: row.id, pubgDenominationId: row.pubg_denomination_id, freefireDenominationId: row.freefire_denomination_id }));
  /** A Free Fire top-up's offer named in each language, as the receipt showed it. */
  const freefireOrderNames = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        (
          await db.raw(
            `select oi.order_id, localized(fd.name, fd.translations, ?, 'name') as name from order_items oi
               join freefire_denominations fd on fd.item_id::text = oi.topup_data ->> 'offer_id'
              where oi.topup_data ->> 'service' = 'freefire' order by oi.order_id`,
            [language],
          )
        ).rows,
      ]),
    ),
  );
  return { packages, offers, pubgAdmin, freefireAdmin, pubgCodes, generatedCodes, thresholds, freefireOrderNames };
}

/** The same views, as the API answers them now. */
async function newViews(before: Awaited<ReturnType<typeof oldViews>>) {
  const asAdmin = (path: string) => app.request('GET', path, { token: admin.token }).then((response) => response.body);
  const all = { sort: ['id', 'ASC'], range: [0, 999] };
  const packages = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, (await app.request('GET', `/api/pubg/packages?lang=${language}`)).body])));
  const offers = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, (await app.request('GET', `/api/freefire/offers?lang=${language}`)).body])));
  const pick = <T extends Record<string, unknown>>(rows: T[], keys: string[]) => rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
  const freefireOrderNames = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        await Promise.all(
          before.freefireOrderNames[language].map(async ({ order_id }: { order_id: number }) => ({
            order_id,
            name: (await app.request('GET', `/api/orders/${order_id}?lang=${language}`, { token: shopper.token })).body.items[0].topup_data.offer_name,
          })),
        ),
      ]),
    ),
  );
  return {
    packages,
    offers,
    pubgAdmin: await asAdmin(listPath('/api/pubg-admin/denominations', all)),
    freefireAdmin: await asAdmin(listPath('/api/freefire-admin/denominations', all)),
    pubgCodes: pick(await asAdmin(listPath('/api/pubg-admin/codes', all)), ['id', 'denominationId', 'ucAmount', 'priceUsd', 'priceRub', 'status']),
    generatedCodes: pick(await asAdmin(listPath('/api/admin/generated-codes', all)), ['id', 'denominationId', 'denominationName']),
    thresholds: pick(
      (await asAdmin(listPath('/api/admin/stock-thresholds', all))).filter((row: any) => row.pubgDenominationId !== null || row.freefireDenominationId !== null),
      ['id', 'pubgDenominationId', 'freefireDenominationId'],
    ),
    freefireOrderNames,
  };
}

/** A store at the migration before, filled as a store that has sold all three games looks. */
async function fillOldStore(db: Knex): Promise<void> {
  const encrypted = (code: string) => ({ code_encrypted: crypto().encrypt(code), code_hash: crypto().hash(code) });
  // Ids in the old tables that the new one must keep: PUBG packages and Free Fire offers numbered alike.
  const pubg = await db('pubg_denominations')
    .insert([
      { uc_amount: 60, price_usd: 99, price_rub: 7821, name: '', translations: {} },
      { uc_amount: 325, price_usd: 499, price_rub: 39_421, name: 'Пакет 325', translations: { en: { name: 'Pack 325' }, uz: { name: '325 paket' } } },
      { uc_amount: 660, price_usd: 999, price_rub: 78_921, active: false },
    ])
    .returning('id');
  const freefire = await db('freefire_denominations')
    .insert([
      { name: '100 алмазов', item_id: 101, price_usd: 99, price_rub: 7821, game_amount: 100, translations: { en: { name: '100 Diamonds' }, uz: { name: '100 olmos' } } },
      { name: '310 алмазов', item_id: 102, price_usd: 299, price_rub: 23_621, game_amount: 310 },
      { name: 'Снято', item_id: 103, price_usd: 499, price_rub: 39_421, game_amount: 520, is_active: false },
    ])
    .returning('id');
  const freefireProduct = await db('products').where({ slug: 'freefire' }).first('id');
  const giftCard = (await db('products').insert({ slug: 'migration-gift', title: 'Gift', category: 'gift_card', game_currency: 'USD' }).returning('id'))[0];

  const order = async (fields: Record<string, unknown>) =>
    (
      await db('orders')
        .insert({ user_id: shopper.id, currency: 'usd', total: 99, total_usd: 99, rate_usd_rub: '79', payment_method: 'balance', ...fields })
        .returning('id')
    )[0].id as number;
  const holdUntil = db.raw("now() + interval '15 minutes'");
  const freefireOrder = await order({ kind: 'topup', status: 'completed' });
  const pubgHeld = await order({ kind: 'topup', status: 'pending', payment_method: 'card', hold_expires_at: holdUntil });
  const pubgDone = await order({ kind: 'topup', status: 'completed' });
  const steamOrder = await order({ kind: 'topup', status: 'completed' });
  const codesHeld = await order({ kind: 'codes', status: 'pending', payment_method: 'card', hold_expires_at: holdUntil });
  const codesSold = await order({ kind: 'codes', status: 'completed' });

  const pubgCodes = await db('pubg_codes')
    .insert([
      { denomination_id: pubg[0].id, ...encrypted('UC-A') },
      { denomination_id: pubg[0].id, ...encrypted('UC-B'), status: 'reserved', order_id: pubgHeld },
      { denomination_id: pubg[1].id, ...encrypted('UC-C'), status: 'used', order_id: pubgDone, used_at: db.fn.now() },
      { denomination_id: pubg[1].id, ...encrypted('UC-D'), status: 'error', order_id: pubgDone, error_message: 'Rejected' },
    ])
    .returning('id');
  const [request] = await db('code_generation_requests').insert({ denomination_id: freefire[1].id, count: 3, generated: 3, status: 'completed' }).returning('id');
  const generated = (code: string, fields: Record<string, unknown>) => ({
    denomination_id: freefire[1].id,
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
      generated('FF-1', { published: true }),
      generated('FF-2', { published: false }),
      generated('FF-3', { published: true, status: 'reserved', order_id: codesHeld, reserved_until: holdUntil }),
      generated('FF-4', { published: true, status: 'used', order_id: codesSold, sold_at: db.fn.now(), activated_player_id: '5123457', activated_at: db.fn.now() }),
    ])
    .returning('id');
  const manual = (code: string, fields: Record<string, unknown>) => ({ product_id: giftCard.id, ...encrypted(code), game_amount: 10, price_usd: 999, price_rub: 78_921, ...fields });
  const manualCodes = await db('codes')
    .insert([manual('GIFT-1', {}), manual('GIFT-2', { status: 'reserved', order_id: codesHeld, reserved_until: holdUntil })])
    .returning('id');

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
  await db('order_items').insert([
    topup(freefireOrder, { service: 'freefire', login: '5123457', player_id: '5123457', player_name: 'Player3457', offer_id: 101, offer_name: '100 алмазов', price_usd: 0.99 }, { game_amount: 100 }),
    topup(pubgHeld, { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 60 UC', packages: [{ denomination_id: pubg[0].id, quantity: 1, uc_amount: 60 }] }, { provider_status: 'pending' }),
    topup(pubgDone, { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 650 UC', packages: [{ denomination_id: pubg[1].id, quantity: 1 }] }),
    topup(steamOrder, { service: 'steam', login: 'gabe_N1', player_id: 'gabe_N1', offer_id: 0, offer_name: 'Steam 10 USD', amount: 10 }),
    { order_id: codesHeld, item_type: 'code', product_id: freefireProduct.id, generated_code_id: generatedCodes[2].id, amount: 299, price_usd: 299, price_rub: 23_621, rate_used: '79' },
    { order_id: codesHeld, item_type: 'code', product_id: giftCard.id, code_id: manualCodes[1].id, amount: 999, price_usd: 999, price_rub: 78_921, rate_used: '79' },
    { order_id: codesSold, item_type: 'code', product_id: freefireProduct.id, generated_code_id: generatedCodes[3].id, amount: 299, price_usd: 299, price_rub: 23_621, rate_used: '79' },
  ]);
  await db('stock_thresholds').insert([
    { pubg_denomination_id: pubg[1].id, threshold: 5 },
    { freefire_denomination_id: freefire[1].id, threshold: 7 },
  ]);
  expect(pubgCodes).toHaveLength(4);
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
  await app.db.migrate.down({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
  await app.db.migrate.down({ migrationSource, name: PROMO_CODES });
  await app.db.migrate.down({ migrationSource, name: SUPPLIERS });
  await app.db.migrate.down({ migrationSource, name: ONE_CODE_STOCK });
  await app.db.migrate.down({ migrationSource, name: MIGRATION });
  await fillOldStore(app.db);
});

afterAll(async () => {
  await app?.close();
});

describe('every game as data, on a store that sold all three games', () => {
  let before: Awaited<ReturnType<typeof oldViews>>;
  let rowsBefore: Record<string, unknown>;
  let oldTables: Record<string, unknown>;

  it('keeps what shoppers and the back office see, with the same ids, and touches no order or code', async () => {
    before = await oldViews(app.db);
    rowsBefore = await rowsOf(app.db, UNTOUCHED);
    oldTables = await rowsOf(app.db, ['pubg_denominations', 'freefire_denominations']);
    expect(before.packages.en).toHaveLength(2);
    expect(before.freefireAdmin).toHaveLength(3);

    await app.db.migrate.up({ migrationSource, name: MIGRATION });
    expect(await rowsOf(app.db, UNTOUCHED)).toEqual(rowsBefore);
    await app.db.migrate.up({ migrationSource, name: ONE_CODE_STOCK });
    await app.db.migrate.up({ migrationSource, name: SUPPLIERS });
    await app.db.migrate.up({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.up({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    expect(await newViews(before)).toEqual(before);

    // The three games are rows; PUBG's packages are delivered from the code stock, Free Fire's by the game.
    const games = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').orderBy('p.slug').select('p.slug', 'g.pricing', 'g.player_check');
    expect(games).toEqual([
      { slug: 'freefire', pricing: 'denominations', player_check: true },
      { slug: 'pubg', pricing: 'denominations', player_check: true },
      { slug: 'steam', pricing: 'amount', player_check: true },
    ]);
    const sources = await app.db('game_denomination_sources as s').join('game_denominations as d', 'd.id', 's.denomination_id').select('d.unit', 's.kind');
    expect(new Set(sources.map((row) => `${row.unit}:${row.kind}`))).toEqual(new Set(['UC:code_stock', 'алмазов:sandbox']));
  });

  it('gives the old tables back, row for row, on the way down, and numbers new rows after them', async () => {
    await app.db.migrate.down({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    await app.db.migrate.down({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.down({ migrationSource, name: SUPPLIERS });
    await app.db.migrate.down({ migrationSource, name: ONE_CODE_STOCK });
    await app.db.migrate.down({ migrationSource, name: MIGRATION });
    expect(await rowsOf(app.db, ['pubg_denominations', 'freefire_denominations'])).toEqual(oldTables);
    expect(await rowsOf(app.db, UNTOUCHED)).toEqual(rowsBefore);
    const [next] = await app.db('freefire_denominations').insert({ name: 'Новое', item_id: 999, price_usd: 1, price_rub: 1, game_amount: 1 }).returning('id');
    expect(next.id).toBeGreaterThan(Math.max(...(oldTables.freefire_denominations as Array<{ id: number }>).map((row) => row.id)));
    await app.db('freefire_denominations').where({ id: next.id }).delete();
    await app.db.migrate.up({ migrationSource, name: MIGRATION });
    await app.db.migrate.up({ migrationSource, name: ONE_CODE_STOCK });
    await app.db.migrate.up({ migrationSource, name: SUPPLIERS });
    await app.db.migrate.up({ migrationSource, name: PROMO_CODES });
    await app.db.migrate.up({ migrationSource, name: CHECKOUT_ROUND_TRIPS });
    expect(await newViews(before)).toEqual(before);
  });
});
