import type { Knex } from 'knex';
import { PubgDenomination } from '../../../models';

/** A PUBG package as the back office reads it, with how many of its codes are available. */
export type PubgDenominationWithStock = Pick<PubgDenomination, 'id' | 'uc_amount' | 'name' | 'translations' | 'price_usd' | 'price_rub' | 'active' | 'created_at'> & {
  available_codes: number;
};

export type PubgDenominationColumns = Partial<Pick<PubgDenomination, 'uc_amount' | 'name' | 'translations' | 'price_usd' | 'price_rub' | 'active'>>;

/** Data access for the back office's PUBG packages; every function takes the connection or transaction to use. */
export const adminPubgDenominationsDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    db('pubg_denominations as d').select(
      'd.id',
      'd.uc_amount',
      'd.name',
      'd.translations',
      'd.price_usd',
      'd.price_rub',
      'd.active',
      'd.created_at',
      db.raw(`(select count(*) from pubg_codes pc where pc.denomination_id = d.id and pc.status = 'available')::int as available_codes`),
    ),

  findRecord: (db: Knex, id: number): Promise<PubgDenominationWithStock | undefined> =>
    adminPubgDenominationsDal.records(db).where('d.id', id).first(),

  active: (db: Knex): Promise<PubgDenominationWithStock[]> =>
    adminPubgDenominationsDal.records(db).where('d.active', true).orderBy(['d.uc_amount', 'd.id']),

  lock: (trx: Knex.Transaction, id: number) => PubgDenomination.columnsOf(trx, id, ['id'], { lock: true }),

  async insert(trx: Knex.Transaction, columns: PubgDenominationColumns): Promise<number> {
    const [row] = await trx('pubg_denominations').insert(columns).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('pubg_denominations insert returned no row');
    return row.id;
  },

  update: (trx: Knex.Transaction, id: number, columns: PubgDenominationColumns) =>
    trx('pubg_denominations')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() }),

  /**
   * Locks every code of the package (a top-up can no longer take one) and counts those held, sold or
   * rejected in an order: they block a delete.
   */
  async lockCodesCountingOrdered(trx: Knex.Transaction, id: number): Promise<{ total: number; inOrders: number }> {
    const result = await trx.raw<{ rows: Array<{ total: number; in_orders: number }> }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status <> 'available' OR order_id IS NOT NULL)::int AS in_orders
         FROM (SELECT status, order_id FROM pubg_codes WHERE denomination_id = ? FOR UPDATE) AS codes`,
      [id],
    );
    const row = result.rows[0];
    return { total: row?.total ?? 0, inOrders: row?.in_orders ?? 0 };
  },

  /** Deletes the package; its codes go by cascade. */
  delete: (trx: Knex.Transaction, id: number) => trx('pubg_denominations').where({ id }).delete(),
};
