import type { Knex } from 'knex';
import type { StockThreshold } from '../../../models';
import { asView, FREEFIRE_OFFERS_SQL, PUBG_PACKAGES_SQL } from '../../games/games.dal';

/** A threshold as the back office reads it: with what it applies to, named. */
export type ListedStockThreshold = Pick<
  StockThreshold,
  'id' | 'product_id' | 'region_id' | 'game_amount' | 'pubg_denomination_id' | 'freefire_denomination_id' | 'threshold' | 'updated_at'
> & { target: 'default' | 'product' | 'pubg' | 'freefire'; name: string };

export type StockThresholdColumns = Partial<
  Pick<StockThreshold, 'product_id' | 'region_id' | 'game_amount' | 'pubg_denomination_id' | 'freefire_denomination_id' | 'threshold'>
>;

/** Each threshold with its target and name, as a table the list protocol can filter and sort. */
const records = (db: Knex) =>
  db
    .from(
      db('stock_thresholds as t')
        .leftJoin('products as p', 'p.id', 't.product_id')
        .leftJoin('regions as r', 'r.id', 't.region_id')
        .leftJoin(asView(db, PUBG_PACKAGES_SQL, 'pd'), 'pd.id', 't.pubg_denomination_id')
        .leftJoin(asView(db, FREEFIRE_OFFERS_SQL, 'fd'), 'fd.id', 't.freefire_denomination_id')
        .select(
          't.id',
          't.product_id',
          't.region_id',
          't.game_amount',
          't.pubg_denomination_id',
          't.freefire_denomination_id',
          't.threshold',
          't.updated_at',
          db.raw(`CASE WHEN t.product_id IS NOT NULL THEN 'product' WHEN t.pubg_denomination_id IS NOT NULL THEN 'pubg'
                       WHEN t.freefire_denomination_id IS NOT NULL THEN 'freefire' ELSE 'default' END AS target`),
          db.raw(`CASE WHEN t.product_id IS NOT NULL THEN p.title || coalesce(' · ' || r.name, '') || coalesce(' · ' || t.game_amount, '')
                       WHEN t.pubg_denomination_id IS NOT NULL THEN pd.uc_amount || ' UC'
                       WHEN t.freefire_denomination_id IS NOT NULL THEN fd.name ELSE '' END AS name`),
        )
        .as('thresholds'),
    )
    .select('*');

/** Low-stock thresholds; every function takes the connection or transaction to use. */
export const stockThresholdsDal = {
  records,

  find: (db: Knex, id: number) => records(db).where({ id }).first<ListedStockThreshold | undefined>(),

  lock: (trx: Knex.Transaction, id: number) => trx('stock_thresholds').where({ id }).forUpdate().first<StockThreshold | undefined>('id'),

  async insert(trx: Knex.Transaction, columns: StockThresholdColumns): Promise<number> {
    const [row] = await trx('stock_thresholds').insert(columns).returning<Array<{ id: number }>>('id');
    if (!row) throw new Error('stock_thresholds insert returned no row');
    return row.id;
  },

  update: (trx: Knex.Transaction, id: number, columns: StockThresholdColumns) =>
    trx('stock_thresholds')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() }),

  delete: (trx: Knex.Transaction, id: number) => trx('stock_thresholds').where({ id }).delete(),
};
