import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, convertMinor, STEAM_COMMISSION_PERCENT_DEFAULT, type BalanceCurrency, type StockCodeSource } from '@topup/common';
import { changeBalance, createCodeCrypto, type CodeCrypto } from '@topup/server-kit';
import {
  CURRENCY_RATES,
  DEMO_USD_RUB_RATE,
  FREEFIRE_DENOMINATIONS,
  GIFT_CARD_PRODUCTS,
  PROMOTIONS,
  PUBG_DENOMINATIONS,
  REGIONS,
  SHOPPER_INITIAL_BALANCES,
  TOPUP_PRODUCTS,
  type Localized,
  type ProductSeed,
} from './demo-data';
import { createAccountIfMissing, ensureAdminAccount, lockSeed, type AdminSeedOptions } from './admin';

export interface DemoSeedOptions extends AdminSeedOptions {
  shopperNickname: string;
  shopperPassword: string;
  /** CODES_KEY: demo codes are stored encrypted like real ones. */
  codesKey: string;
}

/**
 * Fills a store with a demo catalogue, an admin and a shopper. Idempotent: every row is found by
 * its natural key (nickname, slug, region code, code hash, item id, ...) and only inserted when
 * missing, so a second run changes nothing and an admin's later edits are never overwritten.
 * Existing accounts are never touched: no password reset, no role change, no extra money.
 *
 * One exception brings a store seeded before the catalogue spoke three languages up to date: a demo
 * row that still holds the earlier seed's English text in its own (Russian) columns and has no
 * translations gets its texts in every language (see translateEnglishDemoRow). A row an admin
 * renamed or translated no longer matches and is left alone.
 *
 * One transaction under an advisory lock, so replicas starting together cannot interleave. Never run in
 * production, which seeds the admin account alone (./admin.ts).
 */
export async function seedDemoData(db: Knex, options: DemoSeedOptions): Promise<void> {
  const codeCrypto = createCodeCrypto(options.codesKey);
  await db.transaction(async (trx) => {
    await lockSeed(trx);
    await ensureAdminAccount(trx, options);
    await seedShopper(trx, options);
    const regionIds = await seedRegions(trx);
    const productIds = await seedProducts(trx, regionIds);
    await seedManualCodes(trx, codeCrypto, productIds, regionIds);
    await seedFreeFire(trx, codeCrypto, requireId(productIds, 'freefire'));
    await seedPubg(trx, codeCrypto);
    await seedPromotions(trx);
    await seedCurrencies(trx);
  });
}

const rubFromUsd = (usdMinor: number) => convertMinor(usdMinor, DEMO_USD_RUB_RATE);

/** A row's texts as columns: Russian (the default language) in its own columns, English and Uzbek in `translations`. */
function textColumns<T extends object>(texts: Localized<T>): T & { translations: string } {
  return { ...texts.ru, translations: JSON.stringify({ en: texts.en, uz: texts.uz }) };
}

/** One translated column's texts as columns. */
function textColumn(column: string, text: Localized<string>): Record<string, string> {
  return textColumns({ ru: { [column]: text.ru }, en: { [column]: text.en }, uz: { [column]: text.uz } });
}

/**
 * The one update a re-run makes: a demo row (found by `where`, its natural key plus the English
 * demo text an earlier seed wrote into its own columns) that was never translated gets `columns`.
 */
async function translateEnglishDemoRow(
  trx: Knex.Transaction,
  table: string,
  where: Record<string, string | number>,
  columns: Record<string, unknown>,
): Promise<void> {
  await trx(table).where(where).whereRaw("translations = '{}'::jsonb").update(columns);
}

function requireId(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo seed: ${key} is missing`);
  return id;
}

/**
 * A demo code, derived from what it is for, so every run produces the same codes (and the same
 * hashes, which makes re-inserting them a no-op). The DEMO prefix keeps them from being taken for
 * real stock.
 */
function demoCode(...parts: Array<string | number>): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const digest = createHash('sha256').update(parts.join('|')).digest();
  let body = '';
  for (let i = 0; i < 12; i++) body += alphabet[(digest[i] ?? 0) % alphabet.length];
  return `DEMO-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}

function encryptedCode(codeCrypto: CodeCrypto, code: string) {
  return { code_encrypted: codeCrypto.encrypt(code), code_hash: codeCrypto.hash(code) };
}

/** The demo shopper, with its starting money. */
async function seedShopper(trx: Knex.Transaction, options: DemoSeedOptions): Promise<void> {
  const shopperId = await createAccountIfMissing(trx, {
    nickname: options.shopperNickname,
    password: options.shopperPassword,
    role: 'user',
  });
  // Granted only to an account created right now, so a real user who took the nickname gets nothing.
  if (shopperId !== null) {
    for (const [currency, amount] of Object.entries(SHOPPER_INITIAL_BALANCES) as Array<[BalanceCurrency, number]>) {
      await changeBalance(trx, {
        userId: shopperId,
        currency,
        amount,
        reason: 'initial_grant',
        reference: `seed:initial:${shopperId}:${currency}`,
        note: 'Demo starting balance',
      });
    }
  }
  await ensureBalanceRows(trx);
}

/** Every user has a balance row in every currency (zero when never credited). */
async function ensureBalanceRows(trx: Knex.Transaction): Promise<void> {
  await trx.raw(
    `INSERT INTO balances (user_id, currency)
     SELECT users.id, currencies.currency FROM users CROSS JOIN unnest(?::text[]) AS currencies (currency)
     ON CONFLICT (user_id, currency) DO NOTHING`,
    [[...BALANCE_CURRENCIES]],
  );
}

async function seedRegions(trx: Knex.Transaction): Promise<Map<string, number>> {
  for (const region of REGIONS) {
    await translateEnglishDemoRow(trx, 'regions', { code: region.code, name: region.name.en }, textColumn('name', region.name));
  }
  await trx('regions')
    .insert(REGIONS.map(({ name, ...region }) => ({ ...region, ...textColumn('name', name) })))
    .onConflict('code')
    .ignore();
  const rows = await trx('regions')
    .whereIn('code', REGIONS.map((region) => region.code))
    .select<Array<{ id: number; code: string }>>('id', 'code');
  return new Map(rows.map((row) => [row.code, row.id]));
}

async function seedProducts(trx: Knex.Transaction, regionIds: Map<string, number>): Promise<Map<string, number>> {
  const products: readonly ProductSeed[] = [...TOPUP_PRODUCTS, ...GIFT_CARD_PRODUCTS];
  const regional = (product: ProductSeed) => product.codes?.some((group) => group.region !== null) ?? false;
  // Top-ups sell no codes but Free Fire's generated ones; regional gift cards here have no global codes.
  const hasGlobalCodes = (product: ProductSeed) =>
    product.sells_generated_codes === true || (product.category === 'gift_card' && !regional(product));
  for (const product of TOPUP_PRODUCTS) {
    // The migration that made games rows created the three games' products bare where a store had none.
    await trx('products')
      .where({ slug: product.slug, description: '', keywords: '' })
      .update({ ...textColumns(product.texts), game_currency: product.game_currency, sort_order: product.sort_order });
  }
  for (const product of products) {
    await translateEnglishDemoRow(trx, 'products', { slug: product.slug, title: product.texts.en.title }, {
      ...textColumns(product.texts),
      // The earlier seed left Free Fire's generated codes unsellable.
      ...(product.sells_generated_codes ? { has_global_codes: true } : {}),
    });
  }
  await trx('products')
    .insert(
      products.map((product) => ({
        slug: product.slug,
        ...textColumns(product.texts),
        image_url: `/images/${product.slug}.svg`,
        category: product.category,
        game_currency: product.game_currency,
        has_regions: regional(product),
        has_global_codes: hasGlobalCodes(product),
        sort_order: product.sort_order,
      })),
    )
    .onConflict('slug')
    .ignore();
  const rows = await trx('products')
    .whereIn('slug', products.map((product) => product.slug))
    .select<Array<{ id: number; slug: string }>>('id', 'slug');
  const productIds = new Map(rows.map((row) => [row.slug, row.id]));

  const links = products.flatMap((product) =>
    (product.codes ?? [])
      .filter((group) => group.region !== null)
      .map((group) => ({
        product_id: requireId(productIds, product.slug),
        region_id: requireId(regionIds, group.region as string),
        game_currency: group.game_currency_override ?? null,
      })),
  );
  if (links.length > 0) await trx('product_regions').insert(links).onConflict(['product_id', 'region_id']).ignore();
  return productIds;
}

async function seedManualCodes(
  trx: Knex.Transaction,
  codeCrypto: CodeCrypto,
  productIds: Map<string, number>,
  regionIds: Map<string, number>,
): Promise<void> {
  const rows = GIFT_CARD_PRODUCTS.flatMap((product) =>
    (product.codes ?? []).flatMap((group) =>
      group.options.flatMap((option) =>
        Array.from({ length: option.count }, (_, index) => ({
          product_id: requireId(productIds, product.slug),
          region_id: group.region === null ? null : requireId(regionIds, group.region),
          ...encryptedCode(codeCrypto, demoCode(product.slug, group.region ?? 'global', option.game_amount, index)),
          game_amount: option.game_amount,
          price_usd: option.price_usd,
          price_rub: rubFromUsd(option.price_usd),
          popular: option.popular ?? false,
        })),
      ),
    ),
  );
  await insertMissingCodes(trx, 'manual', rows);
}

/** Inserts codes of one source into the code stock, skipping those already stored (same code hash), in chunks below pg's parameter limit. */
async function insertMissingCodes(trx: Knex.Transaction, source: StockCodeSource, rows: Array<Record<string, unknown>>) {
  const CHUNK = 500;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await trx('stock_codes')
      .insert(rows.slice(start, start + CHUNK).map((row) => ({ ...row, source })))
      .onConflict(['source', 'code_hash'])
      .ignore();
  }
}

/** The id of one of the specification's games, which the migration 20261129000001_every_game_as_data creates. */
async function gameId(trx: Knex.Transaction, slug: 'pubg' | 'freefire'): Promise<number> {
  const row = await trx('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', slug).first<{ id: number }>('g.id');
  if (!row) throw new Error(`Demo seed: the ${slug} game is missing`);
  return row.id;
}

const DIAMONDS: Localized<string> = { ru: 'алмазов', en: 'diamonds', uz: 'olmos' };
const UC: Localized<string> = { ru: 'UC', en: 'UC', uz: 'UC' };

/** A denomination's name and unit as columns: Russian in its own, English and Uzbek in `translations`. */
const denominationTexts = (name: Localized<string>, unit: Localized<string>) =>
  textColumns({ ru: { name: name.ru, unit: unit.ru }, en: { name: name.en, unit: unit.en }, uz: { name: name.uz, unit: unit.uz } });

/** Denominations of a game found by `key` (a column and its values), inserting those missing with their one source. */
async function seedDenominations<Key extends 'item_id' | 'amount'>(
  trx: Knex.Transaction,
  game: number,
  kind: 'sandbox' | 'code_stock',
  key: Key,
  rows: Array<Record<string, unknown> & Record<Key, number>>,
): Promise<Array<{ id: number; item_id: number | null; amount: number; price_usd: number; price_rub: number }>> {
  const existing = new Set(
    (await trx('game_denominations').where({ game_id: game }).whereIn(key, rows.map((row) => row[key])).pluck<number[]>(key)).map(Number),
  );
  const missing = rows.filter((row) => !existing.has(row[key]));
  if (missing.length > 0) {
    const inserted: Array<{ id: number }> = await trx('game_denominations').insert(missing.map((row) => ({ ...row, game_id: game }))).returning('id');
    await trx('game_denomination_sources').insert(inserted.map((row) => ({ denomination_id: row.id, kind, priority: 1 })));
  }
  return trx('game_denominations')
    .where({ game_id: game })
    .whereIn(key, rows.map((row) => row[key]))
    .select('id', 'item_id', 'amount', 'price_usd', 'price_rub');
}

async function seedFreeFire(trx: Knex.Transaction, codeCrypto: CodeCrypto, freefireProductId: number): Promise<void> {
  const game = await gameId(trx, 'freefire');
  for (const denomination of FREEFIRE_DENOMINATIONS) {
    await translateEnglishDemoRow(
      trx,
      'game_denominations',
      { game_id: game, item_id: denomination.item_id, name: denomination.name.en },
      denominationTexts(denomination.name, DIAMONDS),
    );
  }
  const denominations = await seedDenominations(
    trx,
    game,
    'sandbox',
    'item_id',
    FREEFIRE_DENOMINATIONS.map((denomination) => ({
      ...denominationTexts(denomination.name, DIAMONDS),
      item_id: denomination.item_id,
      amount: denomination.game_amount,
      price_usd: denomination.price_usd,
      price_rub: rubFromUsd(denomination.price_usd),
    })),
  );

  // Published stock for some offers, priced as the offer currently is.
  const rows = FREEFIRE_DENOMINATIONS.flatMap((seed) => {
    const denomination = denominations.find((row) => row.item_id === seed.item_id);
    if (!denomination) throw new Error(`Demo seed: Free Fire offer ${seed.item_id} is missing`);
    return Array.from({ length: seed.generated_codes }, (_, index) => ({
      denomination_id: denomination.id,
      product_id: freefireProductId,
      ...encryptedCode(codeCrypto, demoCode('freefire', seed.item_id, index)),
      game_amount: denomination.amount,
      price_usd: Number(denomination.price_usd),
      price_rub: Number(denomination.price_rub),
      published: true,
    }));
  });
  await insertMissingCodes(trx, 'generated', rows);
}

async function seedPubg(trx: Knex.Transaction, codeCrypto: CodeCrypto): Promise<void> {
  const game = await gameId(trx, 'pubg');
  for (const denomination of PUBG_DENOMINATIONS) {
    // Packages had no name before: a blank one is the earlier seed's.
    await translateEnglishDemoRow(
      trx,
      'game_denominations',
      { game_id: game, amount: denomination.uc_amount, name: '' },
      denominationTexts(denomination.name, UC),
    );
  }
  const denominations = await seedDenominations(
    trx,
    game,
    'code_stock',
    'amount',
    PUBG_DENOMINATIONS.map((denomination) => ({
      ...denominationTexts(denomination.name, UC),
      amount: denomination.uc_amount,
      price_usd: denomination.price_usd,
      price_rub: rubFromUsd(denomination.price_usd),
    })),
  );

  const rows = PUBG_DENOMINATIONS.flatMap((seed) => {
    const denomination = denominations.find((row) => row.amount === seed.uc_amount);
    if (!denomination) throw new Error(`Demo seed: PUBG package ${seed.uc_amount} UC is missing`);
    return Array.from({ length: seed.codes }, (_, index) => ({
      denomination_id: denomination.id,
      ...encryptedCode(codeCrypto, demoCode('pubg', seed.uc_amount, index)),
    }));
  });
  await insertMissingCodes(trx, 'pubg_redemption', rows);
}

/**
 * Promotions have no natural key: the (Russian) text identifies a demo promotion. A demo promotion
 * that says it discounts does: one still a plain badge (seeded before promotions discounted) gets its
 * discount; one an admin has given a discount or a scope is left as it is.
 */
async function seedPromotions(trx: Knex.Transaction): Promise<void> {
  for (const { text, percentOffGames, ...promotion } of PROMOTIONS) {
    const columns = textColumn('text', text);
    await translateEnglishDemoRow(trx, 'promotions', { text: text.en }, columns);
    await trx.raw(
      `INSERT INTO promotions (text, translations, background_color, active, sort_order)
       SELECT :text, :translations, :background_color, :active, :sort_order
       WHERE NOT EXISTS (SELECT 1 FROM promotions WHERE text = :text)`,
      { ...promotion, ...columns },
    );
    if (!percentOffGames) continue;
    const games = await Promise.all(percentOffGames.games.map((slug) => gameId(trx, slug)));
    await trx('promotions')
      .where({ text: columns.text })
      .whereNull('discount_type')
      .whereRaw("game_ids = '{}' AND product_ids = '{}' AND denomination_ids = '{}'")
      .update({ discount_type: 'percent', discount_value: percentOffGames.percent, game_ids: games });
  }
}

/** Rates and settings are only created: a rate refreshed since, or an admin's change, is kept. */
async function seedCurrencies(trx: Knex.Transaction): Promise<void> {
  await trx('currency_rates')
    .insert(CURRENCY_RATES.map((rate) => ({ ...rate, auto_update: true })))
    .onConflict(['from_currency', 'to_currency'])
    .ignore();
  await trx('currency_settings')
    .insert({ id: 1, steam_commission_percent: STEAM_COMMISSION_PERCENT_DEFAULT, rates_auto_update: true })
    .onConflict('id')
    .ignore();
}
