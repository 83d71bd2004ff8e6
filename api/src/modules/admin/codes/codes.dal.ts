import type { Knex } from 'knex';
import type { ManualCodeFields, PendingCode } from '../../../lib/bulk-codes';
import { Code, Product, type Region } from '../../../models';

/** A manual code as the back office reads it, with its product's title and its region's name. */
export type CodeWithNames = Pick<
  Code,
  | 'id'
  | 'product_id'
  | 'region_id'
  | 'code_encrypted'
  | 'game_amount'
  | 'price_usd'
  | 'price_rub'
  | 'status'
  | 'popular'
  | 'order_id'
  | 'sold_at'
  | 'created_at'
> & { product_title: Product['title']; region_name: Region['name'] | null };

/** A code as an export writes it: its product's slug and its region's code besides. */
export type CodeForExport = CodeWithNames & { product_slug: Product['slug']; region_code: Region['code'] | null };

/** Where a CSV line may put codes: each product with the codes of its regions. */
export interface ProductPlacement {
  id: number;
  slug: string;
  has_regions: boolean;
  has_global_codes: boolean;
  /** Region code (upper case) → region id. */
  regions: Map<string, number>;
}

/** A CSV line's code with its product and region resolved. */
export type PlacedCodeFields = ManualCodeFields & { productId: number; regionId: number | null; popular: boolean };

export type CodeColumns = Partial<
  Pick<Code, 'product_id' | 'region_id' | 'code_encrypted' | 'code_hash' | 'game_amount' | 'price_usd' | 'price_rub' | 'popular'>
>;

/** Data access for the back office's manual codes; every function takes the connection or transaction to use. */
export const adminCodesDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    db('codes as c')
      .join('products as p', 'p.id', 'c.product_id')
      .leftJoin('regions as r', 'r.id', 'c.region_id')
      .select(
        'c.id',
        'c.product_id',
        'p.title as product_title',
        'c.region_id',
        'r.name as region_name',
        'c.code_encrypted',
        'c.game_amount',
        'c.price_usd',
        'c.price_rub',
        'c.status',
        'c.popular',
        'c.order_id',
        'c.sold_at',
        'c.created_at',
      ),

  exportRecords: (db: Knex): Knex.QueryBuilder => adminCodesDal.records(db).select('p.slug as product_slug', 'r.code as region_code'),

  /** Every product and its regions, read once per CSV import (the catalogue is small; a file has many lines). */
  async placements(db: Knex): Promise<ProductPlacement[]> {
    const products = await db('products').select<Array<Omit<ProductPlacement, 'regions'>>>('id', 'slug', 'has_regions', 'has_global_codes');
    const regions = await db('product_regions as pr')
      .join('regions as r', 'r.id', 'pr.region_id')
      .select<Array<{ product_id: number; region_id: number; code: string }>>('pr.product_id', 'pr.region_id', 'r.code');
    const byProduct = new Map(products.map((product) => [product.id, { ...product, regions: new Map<string, number>() }]));
    for (const region of regions) byProduct.get(region.product_id)?.regions.set(region.code.toUpperCase(), region.region_id);
    return [...byProduct.values()];
  },

  findRecord: (db: Knex, id: number): Promise<CodeWithNames | undefined> => adminCodesDal.records(db).where('c.id', id).first(),

  /** Locks the code against a checkout taking it meanwhile. */
  lock: (trx: Knex.Transaction, id: number) => Code.columnsOf(trx, id, ['id', 'product_id', 'status', 'order_id'], { lock: true }),

  product: (db: Knex, id: number) => Product.columnsOf(db, id, ['id', 'has_regions', 'has_global_codes']),

  isRegionOfProduct: async (db: Knex, productId: number, regionId: number): Promise<boolean> =>
    Boolean(await db('product_regions').where({ product_id: productId, region_id: regionId }).first('region_id')),

  async insert(trx: Knex.Transaction, columns: CodeColumns): Promise<number> {
    const [row] = await trx('codes').insert(columns).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('codes insert returned no row');
    return row.id;
  },

  update: (trx: Knex.Transaction, id: number, columns: CodeColumns) => trx('codes').where({ id }).update(columns),

  delete: (trx: Knex.Transaction, id: number) => trx('codes').where({ id }).delete(),

  /**
   * One INSERT for a whole batch (arrays, so the statement has 7 parameters whatever the batch
   * size). Codes already stored are skipped; resolves to the hashes inserted.
   */
  async insertBatch(
    trx: Knex.Transaction,
    target: { productId: number; regionId: number | null },
    batch: Array<PendingCode<ManualCodeFields>>,
  ): Promise<Set<string>> {
    const result = await trx.raw<{ rows: Array<{ code_hash: string }> }>(
      `INSERT INTO codes (product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub)
       SELECT ?::integer, ?::integer, t.code_encrypted, t.code_hash, t.game_amount, t.price_usd, t.price_rub
         FROM unnest(?::text[], ?::text[], ?::integer[], ?::bigint[], ?::bigint[])
           AS t (code_encrypted, code_hash, game_amount, price_usd, price_rub)
       ON CONFLICT (code_hash) DO NOTHING
       RETURNING code_hash`,
      [
        target.productId,
        target.regionId,
        batch.map((row) => row.encrypted),
        batch.map((row) => row.hash),
        batch.map((row) => row.fields.gameAmount),
        batch.map((row) => row.fields.priceUsd),
        batch.map((row) => row.fields.priceRub),
      ],
    );
    return new Set(result.rows.map((row) => row.code_hash));
  },

  /** insertBatch for lines that each name their product, region and popular flag (a CSV import). */
  async insertPlacedBatch(trx: Knex.Transaction, batch: Array<PendingCode<PlacedCodeFields>>): Promise<Set<string>> {
    const result = await trx.raw<{ rows: Array<{ code_hash: string }> }>(
      `INSERT INTO codes (product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub, popular)
       SELECT t.product_id, NULLIF(t.region_id, 0), t.code_encrypted, t.code_hash, t.game_amount, t.price_usd, t.price_rub, t.popular
         FROM unnest(?::integer[], ?::integer[], ?::text[], ?::text[], ?::integer[], ?::bigint[], ?::bigint[], ?::boolean[])
           AS t (product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub, popular)
       ON CONFLICT (code_hash) DO NOTHING
       RETURNING code_hash`,
      [
        batch.map((row) => row.fields.productId),
        // 0 for a global code, so the array holds numbers only.
        batch.map((row) => row.fields.regionId ?? 0),
        batch.map((row) => row.encrypted),
        batch.map((row) => row.hash),
        batch.map((row) => row.fields.gameAmount),
        batch.map((row) => row.fields.priceUsd),
        batch.map((row) => row.fields.priceRub),
        batch.map((row) => row.fields.popular),
      ],
    );
    return new Set(result.rows.map((row) => row.code_hash));
  },
};
