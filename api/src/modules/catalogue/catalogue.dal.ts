import type { Knex } from 'knex';

export interface ProductRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  image_url: string;
  keywords: string;
  category: 'topup' | 'gift_card';
  game_currency: string;
  activation_instructions: string;
  has_regions: boolean;
  has_global_codes: boolean;
}

export interface ProductRegionRow {
  product_id: number;
  id: number;
  name: string;
  code: string;
  flag: string;
  game_currency: string | null;
}

export interface PriceOptionRow {
  product_id: number;
  game_amount: number;
  price_usd: number;
  price_rub: number;
  available_count: number;
}

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
];

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

export const catalogueDal = {
  listActiveProducts(db: Knex, search?: string): Promise<ProductRow[]> {
    const query = db('products').select(PRODUCT_COLUMNS).where('active', true);
    // Every word must appear in the title or the keywords: "steam tr" finds the Turkish Steam card.
    for (const term of (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean)) {
      const pattern = `%${escapeLike(term)}%`;
      query.andWhere((where) =>
        void where.whereRaw("lower(title) like ? escape '\\'", [pattern]).orWhereRaw("lower(keywords) like ? escape '\\'", [pattern]),
      );
    }
    return query.orderBy([{ column: 'category', order: 'desc' }, 'sort_order', 'id']);
  },

  findActiveProductBySlug: (db: Knex, slug: string): Promise<ProductRow | undefined> =>
    db('products').select(PRODUCT_COLUMNS).where({ slug, active: true }).first(),

  findActiveProductById: (db: Knex, id: number): Promise<ProductRow | undefined> =>
    db('products').select(PRODUCT_COLUMNS).where({ id, active: true }).first(),

  /** The active regions of these products, with the per-product game-currency override (null when none). */
  regionsOf: (db: Knex, productIds: number[]): Promise<ProductRegionRow[]> =>
    db('product_regions as pr')
      .join('regions as r', 'r.id', 'pr.region_id')
      .whereIn('pr.product_id', productIds)
      .andWhere('r.is_active', true)
      .select('pr.product_id', 'r.id', 'r.name', 'r.code', 'r.flag', 'pr.game_currency')
      .orderBy(['pr.product_id', 'r.name']),

  /** Price options (one per amount and price pair) with how many codes are available at that price. */
  priceOptions(db: Knex, productIds: number[], regionId: number | null, popularOnly = false): Promise<PriceOptionRow[]> {
    const query = db('sellable_stock')
      .select('product_id', 'game_amount', 'price_usd', 'price_rub')
      .whereIn('product_id', productIds)
      .andWhere((where) => void (regionId === null ? where.whereNull('region_id') : where.where('region_id', regionId)));
    if (popularOnly) query.andWhere('popular', true);
    return query
      .count({ available_count: '*' })
      .groupBy('product_id', 'game_amount', 'price_usd', 'price_rub')
      .orderBy(['product_id', 'game_amount', 'price_usd']) as unknown as Promise<PriceOptionRow[]>;
  },

  isRegionOfProduct: async (db: Knex, productId: number, regionId: number): Promise<boolean> =>
    Boolean(
      await db('product_regions as pr')
        .join('regions as r', 'r.id', 'pr.region_id')
        .where({ 'pr.product_id': productId, 'pr.region_id': regionId, 'r.is_active': true })
        .first('pr.region_id'),
    ),
};
