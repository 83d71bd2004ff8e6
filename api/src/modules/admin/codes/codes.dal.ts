import type { Knex } from 'knex';
import type { CodeStatus } from '@topup/common';
import type { ManualCodeFields, PendingCode } from '../../../lib/bulk-codes';
import { Product, type Region, type StockCode } from '../../../models';
import { stockDal, type StockCodeChanges } from '../../stock/stock.dal';

/** A manual code as the back office reads it (its number as its id), with its product's title and its region's name. */
export type CodeWithNames = Pick<
  StockCode,
  | 'id'
  | 'product_id'
  | 'region_id'
  | 'code_encrypted'
  | 'game_amount'
  | 'price_usd'
  | 'price_rub'
  | 'popular'
  | 'order_id'
  | 'sold_at'
  | 'created_at'
> & { status: CodeStatus; product_id: number; game_amount: number; price_usd: number; price_rub: number; product_title: Product['title']; region_name: Region['name'] | null };

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

/** Data access for the back office's Codes: a view of the code stock's manual codes. Every function takes the connection or transaction to use. */
export const adminCodesDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    stockDal
      .ofSource(db, 'manual')
      .join('products as p', 'p.id', 'sc.product_id')
      .leftJoin('regions as r', 'r.id', 'sc.region_id')
      .select(
        'sc.number as id',
        'sc.product_id',
        'p.title as product_title',
        'sc.region_id',
        'r.name as region_name',
        'sc.code_encrypted',
        'sc.game_amount',
        'sc.price_usd',
        'sc.price_rub',
        'sc.status',
        'sc.popular',
        'sc.order_id',
        'sc.sold_at',
        'sc.created_at',
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

  findRecord: (db: Knex, id: number): Promise<CodeWithNames | undefined> => adminCodesDal.records(db).where('sc.number', id).first(),

  product: (db: Knex, id: number) => Product.columnsOf(db, id, ['id', 'has_regions', 'has_global_codes']),

  isRegionOfProduct: async (db: Knex, productId: number, regionId: number): Promise<boolean> =>
    Boolean(await db('product_regions').where({ product_id: productId, region_id: regionId }).first('region_id')),

  /** Adds a batch of one product and region (stockDal.insertBatch); resolves to the hashes inserted. */
  insertBatch: (trx: Knex.Transaction, target: { productId: number; regionId: number | null }, batch: Array<PendingCode<ManualCodeFields>>) =>
    stockDal.insertBatch(
      trx,
      'manual',
      batch.map((row) => ({ ...manualColumns(row), product_id: target.productId, region_id: target.regionId })),
    ),

  /** insertBatch for lines that each name their product, region and popular flag (a CSV import). */
  insertPlacedBatch: (trx: Knex.Transaction, batch: Array<PendingCode<PlacedCodeFields>>) =>
    stockDal.insertBatch(
      trx,
      'manual',
      batch.map((row) => ({ ...manualColumns(row), product_id: row.fields.productId, region_id: row.fields.regionId, popular: row.fields.popular })),
    ),
};

/** A loaded line's code and price option as stock columns. */
const manualColumns = (row: PendingCode<ManualCodeFields>) => ({
  code_encrypted: row.encrypted,
  code_hash: row.hash,
  game_amount: row.fields.gameAmount,
  price_usd: row.fields.priceUsd,
  price_rub: row.fields.priceRub,
});

export type { StockCodeChanges };
