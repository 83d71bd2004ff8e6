import type { Knex } from 'knex';

export interface AdminRegionRow {
  id: number;
  name: string;
  code: string;
  is_active: boolean;
  game_currency: string;
  flag: string;
  created_at: Date;
}

export type RegionColumns = Partial<Pick<AdminRegionRow, 'name' | 'code' | 'is_active' | 'game_currency' | 'flag'>>;

const COLUMNS = ['id', 'name', 'code', 'is_active', 'game_currency', 'flag', 'created_at'];

/** Data access for the back office's regions; every function takes the connection or transaction to use. */
export const adminRegionsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('regions').select(COLUMNS),

  findRecord: (db: Knex, id: number): Promise<AdminRegionRow | undefined> => db('regions').select(COLUMNS).where({ id }).first(),

  lock: (trx: Knex.Transaction, id: number): Promise<AdminRegionRow | undefined> =>
    trx('regions').select(COLUMNS).where({ id }).forUpdate().first(),

  async insert(trx: Knex.Transaction, columns: RegionColumns): Promise<AdminRegionRow> {
    const [row] = await trx('regions').insert(columns).returning<AdminRegionRow[]>(COLUMNS);
    if (!row) throw new Error('regions insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: RegionColumns): Promise<AdminRegionRow> {
    const [row] = await trx('regions').where({ id }).update(columns).returning<AdminRegionRow[]>(COLUMNS);
    if (!row) throw new Error('regions update returned no row');
    return row;
  },

  /** True while a code (of any status) or an order item names the region. */
  async isInUse(db: Knex, id: number): Promise<boolean> {
    const row = await db
      .select(
        db.raw('exists (select 1 from codes where region_id = ?) or exists (select 1 from order_items where region_id = ?) as used', [
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
