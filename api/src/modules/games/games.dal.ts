import type { Knex } from 'knex';
import type { ContentLanguage } from '@topup/common/api';
import { localizedColumn, type RowTranslations } from '../../lib/translations';
import { saleTermsSql, type SaleTermsColumn } from '../promotions/promotion-prices';
import {
  Game,
  GameDenomination,
  type DenominationSourceKind,
  type GamePricing,
  type Product,
  type RowOf,
  type StoredGameField,
} from '../../models';
import { availableRedemptionCodesSql } from '../stock/stock.dal';

/*
 * Games and their denominations (docs/architecture.md, "Games"). A game's slug, texts, picture and active
 * flag are its product's; every query here reads a game with its product.
 */

/** A game with its product's columns. */
export type GameRow = Pick<Game, 'id' | 'product_id' | 'fields' | 'player_check' | 'pricing' | 'created_at' | 'updated_at'> &
  Pick<Product, 'slug' | 'title' | 'description' | 'keywords' | 'translations' | 'image_url' | 'active' | 'sort_order'> & {
    denomination_count: number;
  };

/** A denomination's source, as its record lists them (by priority). */
export interface SourceRow {
  kind: DenominationSourceKind;
  priority: number;
  /** The supplier product a 'supplier' source buys; null for the other kinds. */
  supplier_product_id: number | null;
}

/** A denomination as the back office reads it, with its sources and its codes on sale in the code stock. */
export type DenominationRow = Pick<
  GameDenomination,
  'id' | 'game_id' | 'item_id' | 'name' | 'unit' | 'translations' | 'amount' | 'price_usd' | 'price_rub' | 'active' | 'sort_order' | 'sell_at_loss' | 'created_at' | 'updated_at'
> & { sources: SourceRow[]; available_codes: number };

export type GameColumns = Partial<Pick<Game, 'fields' | 'player_check'>>;
export type GameProductColumns = Partial<
  Pick<Product, 'slug' | 'title' | 'description' | 'keywords' | 'translations' | 'image_url' | 'active' | 'sort_order'>
>;
export type DenominationColumns = Partial<
  Pick<GameDenomination, 'game_id' | 'item_id' | 'name' | 'unit' | 'translations' | 'amount' | 'price_usd' | 'price_rub' | 'active' | 'sort_order' | 'sell_at_loss'>
>;

/** A denomination a top-up may buy, with the source it is delivered from first. */
export type OfferRow = Pick<GameDenomination, 'id' | 'item_id' | 'name' | 'unit' | 'amount' | 'price_usd' | 'price_rub' | 'sell_at_loss'> & {
  sources: DenominationSourceKind[];
};

/** The game a slug names, as the order, the player check and the shopper's page need it. */
export type GameOfSlug = Pick<Game, 'id' | 'product_id' | 'fields' | 'player_check' | 'pricing'> &
  Pick<Product, 'slug' | 'title' | 'active'>;

/** The id of one of the specification's games, as SQL. */
export const specGameIdSql = (slug: 'pubg' | 'freefire' | 'steam') => `(SELECT g.id FROM games g JOIN products p ON p.id = g.product_id WHERE p.slug = '${slug}')`;

/**
 * The specification's PUBG packages and Free Fire offers, with their own column names, as views over
 * game_denominations (for joins and reads of the code, threshold and activation queries): a package keeps
 * its id; an offer shows its legacy id and its item id (its id where it has none).
 */
export const PUBG_PACKAGES_SQL = `SELECT d.id, d.amount AS uc_amount, d.name, d.translations, d.price_usd, d.price_rub, d.active, d.created_at, d.updated_at
  FROM game_denominations d WHERE d.game_id = ${specGameIdSql('pubg')}`;
export const FREEFIRE_OFFERS_SQL = `SELECT d.legacy_id AS id, d.id AS denomination_id, d.name, d.unit, d.translations, coalesce(d.item_id, d.id) AS item_id,
       d.price_usd, d.price_rub, d.amount AS game_amount, d.active AS is_active, d.created_at, d.updated_at
  FROM game_denominations d WHERE d.game_id = ${specGameIdSql('freefire')}`;

/** `(view) as alias`, for a knex from or join. */
export const asView = (db: Knex, sql: string, alias: string) => db.raw(`(${sql}) as ??`, [alias]);

/** A denomination's sources by priority, as a JSON list. */
const SOURCES = `coalesce((SELECT json_agg(json_build_object('kind', s.kind, 'priority', s.priority, 'supplier_product_id', s.supplier_product_id) ORDER BY s.priority)
                            FROM game_denomination_sources s WHERE s.denomination_id = d.id), '[]') AS sources`;

/** A denomination's source kinds by priority, as an array. */
const SOURCE_KINDS = `coalesce((SELECT array_agg(s.kind ORDER BY s.priority) FROM game_denomination_sources s WHERE s.denomination_id = d.id), '{}') AS sources`;

export const gamesDal = {
  gameRecords: (db: Knex): Knex.QueryBuilder =>
    db('games as g')
      .join('products as p', 'p.id', 'g.product_id')
      .select(
        'g.id',
        'g.product_id',
        'p.slug',
        'p.title',
        'p.description',
        'p.keywords',
        'p.translations',
        'p.image_url',
        'p.active',
        'p.sort_order',
        'g.fields',
        'g.player_check',
        'g.pricing',
        'g.created_at',
        'g.updated_at',
        db.raw('(SELECT count(*) FROM game_denominations d WHERE d.game_id = g.id)::int AS denomination_count'),
      ),

  findGameRecord: (db: Knex, id: number): Promise<GameRow | undefined> => gamesDal.gameRecords(db).where('g.id', id).first(),

  /** Locks the game (and so its list of denominations' rules) until the transaction ends. */
  lockGame: (trx: Knex.Transaction, id: number) => Game.columnsOf(trx, id, ['id', 'product_id', 'pricing'], { lock: true }),

  /** The game a slug names, active or not. */
  gameOfSlug: (db: Knex, slug: string): Promise<GameOfSlug | undefined> =>
    db('games as g')
      .join('products as p', 'p.id', 'g.product_id')
      .where('p.slug', slug)
      .first('g.id', 'g.product_id', 'g.fields', 'g.player_check', 'g.pricing', 'p.slug', 'p.title', 'p.active'),

  /** The id of one of the specification's games, by slug (the migration made them; a store always has them). */
  async specGameId(db: Knex, slug: 'pubg' | 'freefire' | 'steam'): Promise<number> {
    const row = await db.first(db.raw(`${specGameIdSql(slug)} AS id`));
    if (!row?.id) throw new Error(`The ${slug} game is missing: the migration 20261129000001_every_game_as_data creates it`);
    return row.id as number;
  },

  /** A game's texts in `language`, for its page. */
  gamePage: (db: Knex, slug: string, language: ContentLanguage) =>
    db('games as g')
      .join('products as p', 'p.id', 'g.product_id')
      .where({ 'p.slug': slug, 'p.active': true })
      .first<(Pick<Game, 'id' | 'fields' | 'player_check'> & Pick<Product, 'slug' | 'title' | 'description' | 'image_url'>) | undefined>(
        'g.id',
        'p.slug',
        localizedColumn(db, 'p', 'title', language),
        localizedColumn(db, 'p', 'description', language),
        'p.image_url',
        'g.player_check',
        'g.fields',
      ),

  async insertGame(trx: Knex.Transaction, productId: number, columns: Required<GameColumns>, pricing: GamePricing = 'denominations'): Promise<number> {
    const [row] = await trx('games')
      .insert({ product_id: productId, fields: JSON.stringify(columns.fields), player_check: columns.player_check, pricing })
      .returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('games insert returned no row');
    return row.id;
  },

  updateGame: (trx: Knex.Transaction, id: number, columns: GameColumns) =>
    trx('games')
      .where({ id })
      .update({ ...columns, ...(columns.fields ? { fields: JSON.stringify(columns.fields) } : {}), updated_at: trx.fn.now() }),

  /** A game's product; `category` is always a top-up. */
  async insertProduct(trx: Knex.Transaction, columns: GameProductColumns & Pick<Product, 'slug' | 'title'>): Promise<number> {
    const [row] = await trx('products')
      .insert({ ...columns, category: 'topup', has_global_codes: false })
      .returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('products insert returned no row');
    return row.id;
  },

  updateProduct: (trx: Knex.Transaction, id: number, columns: GameProductColumns) =>
    trx('products')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() }),

  denominationRecords: (db: Knex): Knex.QueryBuilder =>
    db('game_denominations as d').select(
      'd.id',
      'd.game_id',
      'd.item_id',
      'd.name',
      'd.unit',
      'd.translations',
      'd.amount',
      'd.price_usd',
      'd.price_rub',
      'd.active',
      'd.sort_order',
      'd.sell_at_loss',
      'd.created_at',
      'd.updated_at',
      db.raw(SOURCES),
      db.raw(`${availableRedemptionCodesSql('d.id')} AS available_codes`),
    ),

  findDenominationRecord: (db: Knex, id: number): Promise<DenominationRow | undefined> =>
    gamesDal.denominationRecords(db).where('d.id', id).first(),

  lockDenomination: (trx: Knex.Transaction, id: number) =>
    GameDenomination.columnsOf(trx, id, ['id', 'game_id', 'legacy_id', 'translations'], { lock: true }),

  async insertDenomination(trx: Knex.Transaction, columns: DenominationColumns, sources: readonly SourceRow[]): Promise<number> {
    const [row] = await trx('game_denominations').insert(columns).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('game_denominations insert returned no row');
    await gamesDal.replaceSources(trx, row.id, sources);
    return row.id;
  },

  updateDenomination: (trx: Knex.Transaction, id: number, columns: DenominationColumns) =>
    trx('game_denominations')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() }),

  async replaceSources(trx: Knex.Transaction, denominationId: number, sources: readonly SourceRow[]): Promise<void> {
    await trx('game_denomination_sources').where({ denomination_id: denominationId }).delete();
    if (sources.length > 0) {
      await trx('game_denomination_sources').insert(sources.map((source) => ({ denomination_id: denominationId, ...source })));
    }
  },

  deleteDenomination: (trx: Knex.Transaction, id: number) => trx('game_denominations').where({ id }).delete(),

  /** The active denominations of a game, named in `language`, in display order: what its page offers. */
  offersOf: (db: Knex, gameId: number, language: ContentLanguage) =>
    db('game_denominations as d')
      .where({ 'd.game_id': gameId, 'd.active': true })
      .select<Array<Pick<GameDenomination, 'id' | 'item_id' | 'name' | 'unit' | 'amount' | 'price_usd' | 'price_rub'> & { sale_terms: SaleTermsColumn }>>(
        'd.id',
        'd.item_id',
        localizedColumn(db, 'd', 'name', language),
        localizedColumn(db, 'd', 'unit', language),
        'd.amount',
        'd.price_usd',
        'd.price_rub',
        db.raw(saleTermsSql({ denominationColumn: 'd.id', usdColumn: 'd.price_usd', rubColumn: 'd.price_rub' })),
      )
      .orderBy(['d.sort_order', 'd.amount', 'd.id']),

  /** The active denomination a top-up's offer_id names within the game (its item id, else its id), with its sources. */
  activeOffer: (db: Knex, gameId: number, offerId: number): Promise<OfferRow | undefined> =>
    db('game_denominations as d')
      .where({ 'd.game_id': gameId, 'd.active': true })
      .whereRaw('coalesce(d.item_id, d.id) = ?', [offerId])
      .first(
        'd.id',
        'd.item_id',
        'd.name',
        'd.unit',
        'd.amount',
        'd.price_usd',
        'd.price_rub',
        'd.sell_at_loss',
        db.raw(SOURCE_KINDS),
      ),

  /** These active denominations of the game, each with its sources by priority. */
  activeDenominations: (db: Knex, gameId: number, ids: number[]): Promise<Array<RowOf<GameDenomination> & { sources: DenominationSourceKind[] }>> =>
    db('game_denominations as d').whereIn('d.id', ids).where({ 'd.game_id': gameId, 'd.active': true }).select('d.*', db.raw(SOURCE_KINDS)),
};

/** A row's translations with `texts` written over the columns they name, keeping its other columns' translations. */
export function mergedTranslations<Column extends string>(
  stored: RowTranslations<string> | undefined,
  texts: RowTranslations<Column>,
  columns: readonly Column[],
): RowTranslations<string> {
  const merged: RowTranslations<string> = {};
  for (const language of ['en', 'uz'] as const) {
    const kept = Object.fromEntries(Object.entries(stored?.[language] ?? {}).filter(([column]) => !(columns as readonly string[]).includes(column)));
    const languageTexts = { ...kept, ...texts[language] };
    if (Object.keys(languageTexts).length > 0) merged[language] = languageTexts;
  }
  return merged;
}

export type { StoredGameField };
