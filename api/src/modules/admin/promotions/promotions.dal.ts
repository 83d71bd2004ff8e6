import type { Knex } from 'knex';
import { Promotion } from '../../../models';

const COLUMNS = [
  'id',
  'text',
  'translations',
  'background_color',
  'active',
  'sort_order',
  'discount_type',
  'discount_value',
  'currency',
  'product_ids',
  'game_ids',
  'denomination_ids',
  'valid_from',
  'valid_to',
  'created_at',
] as const;

/** A promotion as the back office reads it. */
export type ListedPromotion = Pick<Promotion, (typeof COLUMNS)[number]>;

export type PromotionColumns = Partial<Omit<ListedPromotion, 'id' | 'created_at'>>;

/** Data access for the back office's promotions; every function takes the connection or transaction to use. */
export const adminPromotionsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('promotions').select(COLUMNS),

  findRecord: (db: Knex, id: number) => Promotion.columnsOf(db, id, COLUMNS),

  lock: (trx: Knex.Transaction, id: number) => Promotion.columnsOf(trx, id, COLUMNS, { lock: true }),

  async insert(trx: Knex.Transaction, columns: PromotionColumns): Promise<ListedPromotion> {
    const [row] = await trx('promotions').insert(columns).returning<ListedPromotion[]>(COLUMNS);
    if (!row) throw new Error('promotions insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: PromotionColumns): Promise<ListedPromotion> {
    const [row] = await trx('promotions')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning<ListedPromotion[]>(COLUMNS);
    if (!row) throw new Error('promotions update returned no row');
    return row;
  },

  delete: (trx: Knex.Transaction, id: number) => trx('promotions').where({ id }).delete(),
};
