import type { Knex } from 'knex';
import { Product, Region, type ProductRegion, type RowOf } from '../../../models';

/** A product as the back office reads it, with its regions and stock figures. */
export type ProductWithStock = RowOf<Product> & { region_ids: number[]; available_codes: number; sold_codes: number };

/** A region of a product with the product's game-currency override there (null when the product's own applies). */
export type ProductRegionLink = Pick<ProductRegion, 'region_id' | 'game_currency'> & Pick<Region, 'name'>;

/** Product columns as written: what create and update may set. */
export type ProductColumns = Partial<
  Pick<
    Product,
    | 'slug'
    | 'title'
    | 'description'
    | 'image_url'
    | 'keywords'
    | 'category'
    | 'game_currency'
    | 'activation_instructions'
    | 'translations'
    | 'has_regions'
    | 'has_global_codes'
    | 'active'
    | 'sort_order'
  >
>;

/** Data access for the back office's products; every function takes the connection or transaction to use. */
export const adminProductsDal = {
  /** Every product with its regions and stock figures: the base of the list and of one record. */
  records: (db: Knex): Knex.QueryBuilder =>
    db('products as p').select(
      'p.id',
      'p.slug',
      'p.title',
      'p.description',
      'p.image_url',
      'p.keywords',
      'p.category',
      'p.game_currency',
      'p.activation_instructions',
      'p.translations',
      'p.has_regions',
      'p.has_global_codes',
      'p.active',
      'p.sort_order',
      'p.created_at',
      'p.updated_at',
      db.raw('array(select pr.region_id from product_regions pr where pr.product_id = p.id order by pr.region_id) as region_ids'),
      // What shoppers can buy right now, manual and published generated codes alike.
      db.raw('(select count(*) from sellable_stock s where s.product_id = p.id)::int as available_codes'),
      db.raw(
        `(select count(*) from stock_codes c where c.product_id = p.id and c.status = 'used')::int as sold_codes`,
      ),
    ),

  findRecord: (db: Knex, id: number): Promise<ProductWithStock | undefined> =>
    adminProductsDal.records(db).where('p.id', id).first(),

  lock: (trx: Knex.Transaction, id: number) => Product.columnsOf(trx, id, ['id'], { lock: true }),

  async insert(trx: Knex.Transaction, columns: ProductColumns): Promise<number> {
    const [row] = await trx('products').insert(columns).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('products insert returned no row');
    return row.id;
  },

  update: (trx: Knex.Transaction, id: number, columns: ProductColumns) =>
    trx('products')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() }),

  /** True when a code of the product was ever sold or held for an order, or an order names the product. */
  async hasSalesHistory(db: Knex, id: number): Promise<boolean> {
    const row = await db
      .select(
        db.raw(
          `exists (select 1 from stock_codes where source = 'manual' and product_id = ? and (status <> 'available' or order_id is not null))
           or exists (select 1 from order_items where product_id = ?) as sold`,
          [id, id],
        ),
      )
      .first<{ sold: boolean }>();
    return Boolean(row?.sold);
  },

  hasGeneratedCodes: async (db: Knex, id: number): Promise<boolean> =>
    Boolean(await db('stock_codes').where({ source: 'generated', product_id: id }).first('id')),

  /** True when the product is a game's (docs/architecture.md, "Games"). */
  isGame: async (db: Knex, id: number): Promise<boolean> => Boolean(await db('games').where({ product_id: id }).first('id')),

  /** Deletes the product with its unsold codes (regions links and cart lines go by cascade). */
  async deleteWithUnsoldCodes(trx: Knex.Transaction, id: number): Promise<number> {
    const codes = await trx('stock_codes').where({ source: 'manual', product_id: id, status: 'available' }).whereNull('order_id').delete();
    await trx('products').where({ id }).delete();
    return codes;
  },

  regionsOf: (db: Knex, productId: number): Promise<ProductRegionLink[]> =>
    db('product_regions as pr')
      .join('regions as r', 'r.id', 'pr.region_id')
      .where('pr.product_id', productId)
      .select('pr.region_id', 'r.name', 'pr.game_currency')
      .orderBy('pr.region_id'),

  /** The ids among these that are regions. */
  async existingRegionIds(db: Knex, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await Region.query(db).whereIn('id', ids).select('id');
    return new Set(rows.map((row) => row.id));
  },

  /** Makes the product's regions exactly these; links kept keep their game-currency override. */
  async replaceRegions(trx: Knex.Transaction, productId: number, regionIds: number[]): Promise<void> {
    await trx('product_regions').where({ product_id: productId }).whereNotIn('region_id', regionIds).delete();
    if (regionIds.length === 0) return;
    await trx('product_regions')
      .insert(regionIds.map((regionId) => ({ product_id: productId, region_id: regionId })))
      .onConflict(['product_id', 'region_id'])
      .ignore();
  },

  /** Resolves to false when the region is not one of the product's. */
  async setRegionCurrency(trx: Knex.Transaction, productId: number, regionId: number, gameCurrency: string | null) {
    const updated = await trx('product_regions')
      .where({ product_id: productId, region_id: regionId })
      .update({ game_currency: gameCurrency });
    return updated === 1;
  },
};
