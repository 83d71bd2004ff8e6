import type { Knex } from 'knex';

export interface AdminPromotionRow {
  id: number;
  text: string;
  background_color: string;
  active: boolean;
  sort_order: number;
  created_at: Date;
}

export type PromotionColumns = Partial<Pick<AdminPromotionRow, 'text' | 'background_color' | 'active' | 'sort_order'>>;

const COLUMNS = ['id', 'text', 'background_color', 'active', 'sort_order', 'created_at'];

/** Data access for the back office's promotions; every function takes the connection or transaction to use. */
export const adminPromotionsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('promotions').select(COLUMNS),

  findRecord: (db: Knex, id: number): Promise<AdminPromotionRow | undefined> =>
    db('promotions').select(COLUMNS).where({ id }).first(),

  lock: (trx: Knex.Transaction, id: number): Promise<AdminPromotionRow | undefined> =>
    trx('promotions').select(COLUMNS).where({ id }).forUpdate().first(),

  async insert(trx: Knex.Transaction, columns: PromotionColumns): Promise<AdminPromotionRow> {
    const [row] = await trx('promotions').insert(columns).returning<AdminPromotionRow[]>(COLUMNS);
    if (!row) throw new Error('promotions insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: PromotionColumns): Promise<AdminPromotionRow> {
    const [row] = await trx('promotions')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning<AdminPromotionRow[]>(COLUMNS);
    if (!row) throw new Error('promotions update returned no row');
    return row;
  },

  delete: (trx: Knex.Transaction, id: number) => trx('promotions').where({ id }).delete(),
};
