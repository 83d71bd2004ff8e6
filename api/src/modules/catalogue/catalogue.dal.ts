import type { Knex } from 'knex';
import type { ContentLanguage } from '@topup/common/api';
import { localizedColumn } from '../../lib/translations';
import { saleTermsSql, type SaleTermsColumn } from '../promotions/promotion-prices';
import { Product, type ProductRegion, type Region, type SellableStock } from '../../models';

const PRODUCT_COLUMNS = ['id', 'slug', 'image_url', 'category', 'game_currency', 'has_regions', 'has_global_codes'] as const;
/** The product's texts, read in the shopper's language. */
const PRODUCT_TEXTS = ['title', 'description', 'keywords', 'activation_instructions'] as const;

/** A product as the catalogue reads it, its texts in one language, and whether it is a game's (docs/architecture.md, "Games"). */
export type ListedProduct = Pick<Product, (typeof PRODUCT_COLUMNS)[number] | (typeof PRODUCT_TEXTS)[number]> & { is_game: boolean };

const selectProducts = (db: Knex, language: ContentLanguage) =>
  Product.query(db)
    .alias('p')
    .select([
      ...PRODUCT_COLUMNS.map((column) => `p.${column}`),
      ...PRODUCT_TEXTS.map((column) => localizedColumn(db, 'p', column, language)),
      db.raw('exists (select 1 from games g where g.product_id = p.id) as is_game'),
    ])
    .castTo<ListedProduct[]>();

/**
 * What a search looks in: the title and keywords in every language at once, so "пабг", "pubg" and an
 * English title typed in the Russian store all find the product. Lowercased, words apart.
 */
const SEARCHED_TEXT = `lower(concat_ws(' ', p.title, p.keywords,
  p.translations #>> '{en,title}', p.translations #>> '{en,keywords}',
  p.translations #>> '{uz,title}', p.translations #>> '{uz,keywords}'))`;

/** One amount and price pair of a product, with how many codes are available at it. */
export type PriceOptionCount = Pick<SellableStock, 'product_id' | 'game_amount' | 'price_usd' | 'price_rub'> & {
  available_count: number;
  sale_terms: SaleTermsColumn;
};

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The words of a shopper's search, as the product list matches them: "Steam  TR" and "steam tr" are one search. */
const searchTerms = (search?: string): string[] => (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);

export const catalogueDal = {
  async listActiveProducts(db: Knex, language: ContentLanguage, search?: string): Promise<ListedProduct[]> {
    const query = selectProducts(db, language).where('p.active', true);
    // Every word must appear in a title or the keywords: "steam tr" finds the Turkish Steam card.
    for (const term of searchTerms(search)) query.andWhereRaw(`${SEARCHED_TEXT} like ? escape '\\'`, [`%${escapeLike(term)}%`]);
    return query.orderBy([{ column: 'p.category', order: 'desc' }, 'p.sort_order', 'p.id']);
  },

  findActiveProductBySlug: async (db: Knex, language: ContentLanguage, slug: string): Promise<ListedProduct | undefined> =>
    (await selectProducts(db, language).where({ 'p.slug': slug, 'p.active': true }))[0],

  findActiveProductById: async (db: Knex, language: ContentLanguage, id: number): Promise<ListedProduct | undefined> =>
    (await selectProducts(db, language).where({ 'p.id': id, 'p.active': true }))[0],

  /** The active regions of these products (named in `language`), with the per-product game-currency override (null when none). */
  regionsOf: (
    db: Knex,
    language: ContentLanguage,
    productIds: number[],
  ): Promise<Array<Pick<ProductRegion, 'product_id' | 'game_currency'> & Pick<Region, 'id' | 'name' | 'code' | 'flag'>>> =>
    db('product_regions as pr')
      .join('regions as r', 'r.id', 'pr.region_id')
      .whereIn('pr.product_id', productIds)
      .andWhere('r.is_active', true)
      .select('pr.product_id', 'r.id', localizedColumn(db, 'r', 'name', language), 'r.code', 'r.flag', 'pr.game_currency')
      .orderBy(['pr.product_id', 'name']),

  /**
   * Price options (one per amount and price pair) with how many codes are available at that price, of
   * these products where they are on sale: active, and selling global codes (`regionId` null) or
   * offering that active region. None otherwise.
   */
  priceOptions(db: Knex, productIds: number[], regionId: number | null, popularOnly = false): Promise<PriceOptionCount[]> {
    const query = db('sellable_stock as s')
      .join('products as p', 'p.id', 's.product_id')
      .select('s.product_id', 's.game_amount', 's.price_usd', 's.price_rub', db.raw(saleTermsSql({ productColumn: 's.product_id', usdColumn: 's.price_usd', rubColumn: 's.price_rub' })))
      .whereIn('s.product_id', productIds)
      // The form the stock's index is keyed on (0: global codes), so only this region's codes are read.
      .andWhereRaw('coalesce(s.region_id, 0) = ?', [regionId ?? 0])
      .andWhere('p.active', true);
    if (regionId === null) query.andWhere('p.has_global_codes', true);
    else {
      query
        .join('product_regions as pr', (on) => on.on('pr.product_id', 's.product_id').andOn('pr.region_id', 's.region_id'))
        .join('regions as r', 'r.id', 'pr.region_id')
        .where({ 'p.has_regions': true, 'r.is_active': true });
    }
    if (popularOnly) query.andWhere('s.popular', true);
    return query
      .count({ available_count: '*' })
      .groupBy('s.product_id', 's.game_amount', 's.price_usd', 's.price_rub')
      .orderBy(['s.product_id', 's.game_amount', 's.price_usd']) as unknown as Promise<PriceOptionCount[]>;
  },

  isRegionOfProduct: async (db: Knex, productId: number, regionId: number): Promise<boolean> =>
    Boolean(
      await db('product_regions as pr')
        .join('regions as r', 'r.id', 'pr.region_id')
        .where({ 'pr.product_id': productId, 'pr.region_id': regionId, 'r.is_active': true })
        .first('pr.region_id'),
    ),
};
