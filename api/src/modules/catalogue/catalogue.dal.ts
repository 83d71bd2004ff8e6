import type { Knex } from 'knex';
import { Product, type ProductRegion, type Region, type SellableStock } from '../../models';

const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'image_url',
  'keywords',
  'category',
  'game_currency',
  'activation_instructions',
  'has_regions',
  'has_global_codes',
] as const;

/** A product as the catalogue reads it. */
export type ListedProduct = Pick<Product, (typeof PRODUCT_COLUMNS)[number]>;

/** One amount and price pair of a product, with how many codes are available at it. */
export type PriceOptionCount = Pick<SellableStock, 'product_id' | 'game_amount' | 'price_usd' | 'price_rub'> & {
  available_count: number;
};

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The words of a shopper's search, as the product list matches them: "Steam  TR" and "steam tr" are one search. */
const searchTerms = (search?: string): string[] => (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);

export const catalogueDal = {
  async listActiveProducts(db: Knex, search?: string): Promise<ListedProduct[]> {
    const query = Product.query(db).select(PRODUCT_COLUMNS).where('active', true);
    // Every word must appear in the title or the keywords: "steam tr" finds the Turkish Steam card.
    for (const term of searchTerms(search)) {
      const pattern = `%${escapeLike(term)}%`;
      query.andWhere((where) =>
        void where.whereRaw("lower(title) like ? escape '\\'", [pattern]).orWhereRaw("lower(keywords) like ? escape '\\'", [pattern]),
      );
    }
    return query.orderBy([{ column: 'category', order: 'desc' }, 'sort_order', 'id']);
  },

  findActiveProductBySlug: async (db: Knex, slug: string): Promise<ListedProduct | undefined> =>
    Product.query(db).select(PRODUCT_COLUMNS).findOne({ slug, active: true }),

  findActiveProductById: async (db: Knex, id: number): Promise<ListedProduct | undefined> =>
    Product.query(db).select(PRODUCT_COLUMNS).findOne({ id, active: true }),

  /** The active regions of these products, with the per-product game-currency override (null when none). */
  regionsOf: (
    db: Knex,
    productIds: number[],
  ): Promise<Array<Pick<ProductRegion, 'product_id' | 'game_currency'> & Pick<Region, 'id' | 'name' | 'code' | 'flag'>>> =>
    db('product_regions as pr')
      .join('regions as r', 'r.id', 'pr.region_id')
      .whereIn('pr.product_id', productIds)
      .andWhere('r.is_active', true)
      .select('pr.product_id', 'r.id', 'r.name', 'r.code', 'r.flag', 'pr.game_currency')
      .orderBy(['pr.product_id', 'r.name']),

  /** Price options (one per amount and price pair) with how many codes are available at that price. */
  priceOptions(db: Knex, productIds: number[], regionId: number | null, popularOnly = false): Promise<PriceOptionCount[]> {
    const query = db('sellable_stock')
      .select('product_id', 'game_amount', 'price_usd', 'price_rub')
      .whereIn('product_id', productIds)
      .andWhere((where) => void (regionId === null ? where.whereNull('region_id') : where.where('region_id', regionId)));
    if (popularOnly) query.andWhere('popular', true);
    return query
      .count({ available_count: '*' })
      .groupBy('product_id', 'game_amount', 'price_usd', 'price_rub')
      .orderBy(['product_id', 'game_amount', 'price_usd']) as unknown as Promise<PriceOptionCount[]>;
  },

  isRegionOfProduct: async (db: Knex, productId: number, regionId: number): Promise<boolean> =>
    Boolean(
      await db('product_regions as pr')
        .join('regions as r', 'r.id', 'pr.region_id')
        .where({ 'pr.product_id': productId, 'pr.region_id': regionId, 'r.is_active': true })
        .first('pr.region_id'),
    ),
};
