import type { Knex } from 'knex';
import type { StockCode } from '../../../models';
import { asView, PUBG_PACKAGES_SQL } from '../../games/games.dal';
import { stockDal } from '../../stock/stock.dal';

/** A PUBG code as the back office reads it (its number as its id), with its package's size and prices. */
export type PubgCodeWithPackage = Pick<StockCode, 'id' | 'code_encrypted' | 'status' | 'error_message' | 'created_at'> & {
  denomination_id: number;
  uc_amount: number;
  price_usd: number;
  price_rub: number;
};

/** Data access for the back office's PUBG codes: a view of the code stock's PUBG redemption codes. */
export const adminPubgCodesDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    stockDal
      .ofSource(db, 'pubg_redemption')
      .join(asView(db, PUBG_PACKAGES_SQL, 'd'), 'd.id', 'sc.denomination_id')
      .select(
        'sc.number as id',
        'sc.denomination_id',
        'sc.code_encrypted',
        'd.uc_amount',
        'd.price_usd',
        'd.price_rub',
        'sc.status',
        'sc.error_message',
        'sc.created_at',
      ),

  findRecord: (db: Knex, id: number): Promise<PubgCodeWithPackage | undefined> =>
    adminPubgCodesDal.records(db).where('sc.number', id).first(),

  denominationExists: async (db: Knex, id: number): Promise<boolean> =>
    Boolean(await db.from(asView(db, PUBG_PACKAGES_SQL, 'd')).where('d.id', id).first('d.id')),

  /** A package's UC amount and prices, locked so they hold while its codes move. */
  async lockPackage(trx: Knex.Transaction, id: number): Promise<{ uc_amount: number; price_usd: number; price_rub: number } | undefined> {
    await trx('game_denominations').where({ id }).forUpdate().first('id');
    return trx.from(asView(trx, PUBG_PACKAGES_SQL, 'd')).where('d.id', id).first('d.uc_amount', 'd.price_usd', 'd.price_rub');
  },

  /** A product, and whether it is a game's page (whose shoppers buy top-ups, not codes). */
  productKind: (db: Knex, id: number): Promise<{ id: number; game_id: number | null } | undefined> =>
    db('products as p').leftJoin('games as g', 'g.product_id', 'p.id').where('p.id', id).first('p.id', 'g.id as game_id'),
};
