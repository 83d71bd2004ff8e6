import type { Knex } from 'knex';
import { PromoCode } from '../../../models';

const COLUMNS = [
  'id',
  'code',
  'discount_type',
  'discount_value',
  'currency',
  'scope',
  'scope_ids',
  'min_order',
  'valid_from',
  'valid_to',
  'usage_limit',
  'per_user_limit',
  'active',
  'uses',
  'created_at',
] as const;

/** A promo code as the back office reads it. */
export type ListedPromoCode = Pick<PromoCode, (typeof COLUMNS)[number]>;

export type PromoCodeColumns = Omit<ListedPromoCode, 'id' | 'uses' | 'created_at'>;

/** Data access for the back office's promo codes; every function takes the connection or transaction to use. */
export const adminPromoCodesDal = {
  records: (db: Knex): Knex.QueryBuilder => db('promo_codes').select(COLUMNS),

  findRecord: (db: Knex, id: number) => PromoCode.columnsOf(db, id, COLUMNS),

  lock: (trx: Knex.Transaction, id: number) => PromoCode.columnsOf(trx, id, COLUMNS, { lock: true }),

  async insert(trx: Knex.Transaction, columns: PromoCodeColumns): Promise<ListedPromoCode> {
    const [row] = await trx('promo_codes').insert(columns).returning<ListedPromoCode[]>(COLUMNS);
    if (!row) throw new Error('promo_codes insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: Omit<PromoCodeColumns, 'code'>): Promise<ListedPromoCode> {
    const [row] = await trx('promo_codes')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning<ListedPromoCode[]>(COLUMNS);
    if (!row) throw new Error('promo_codes update returned no row');
    return row;
  },

  /** Deletes a code no order was placed with; false when one was. */
  async delete(trx: Knex.Transaction, id: number): Promise<boolean> {
    const used = await trx('promo_code_uses').where({ promo_code_id: id }).first('id');
    if (used) return false;
    await trx('promo_codes').where({ id }).delete();
    return true;
  },
};
