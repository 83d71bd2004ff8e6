import type { Knex } from 'knex';
import { Region, type RowOf } from '../../../models';

const COLUMNS = ['id', 'name', 'translations', 'code', 'is_active', 'game_currency', 'flag', 'created_at'] as const;

export type RegionColumns = Partial<Pick<Region, 'name' | 'translations' | 'code' | 'is_active' | 'game_currency' | 'flag'>>;

/** Data access for the back office's regions; every function takes the connection or transaction to use. */
export const adminRegionsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('regions').select(COLUMNS),

  findRecord: (db: Knex, id: number) => Region.columnsOf(db, id, COLUMNS),

  lock: (trx: Knex.Transaction, id: number) => Region.columnsOf(trx, id, COLUMNS, { lock: true }),

  async insert(trx: Knex.Transaction, columns: RegionColumns): Promise<RowOf<Region>> {
    const [row] = await trx('regions').insert(columns).returning<RowOf<Region>[]>(COLUMNS);
    if (!row) throw new Error('regions insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: RegionColumns): Promise<RowOf<Region>> {
    const [row] = await trx('regions').where({ id }).update(columns).returning<RowOf<Region>[]>(COLUMNS);
    if (!row) throw new Error('regions update returned no row');
    return row;
  },

  /** True while a code (of any status) or an order item names the region. */
  async isInUse(db: Knex, id: number): Promise<boolean> {
    const row = await db
      .select(
        db.raw('exists (select 1 from stock_codes where region_id = ?) or exists (select 1 from order_items where region_id = ?) as used', [
          id,
          id,
        ]),
      )
      .first<{ used: boolean }>();
    return Boolean(row?.used);
  },

  /** Deletes the region; its product links and cart lines go by cascade. */
  delete: (trx: Knex.Transaction, id: number) => trx('regions').where({ id }).delete(),
};
