import type { Knex } from 'knex';
import type { GameDenomination } from '../../../models';
import { asView, gamesDal, PUBG_PACKAGES_SQL, specGameIdSql, type SourceRow } from '../../games/games.dal';
import { availableRedemptionCodesSql, stockDal } from '../../stock/stock.dal';

/** A PUBG package as the back office reads it (a view over game_denominations), with how many of its codes are available. */
export interface PubgDenominationWithStock {
  id: number;
  uc_amount: number;
  name: string;
  translations: GameDenomination['translations'];
  price_usd: number;
  price_rub: number;
  active: boolean;
  created_at: Date;
  available_codes: number;
}

export type PubgDenominationColumns = Partial<Pick<GameDenomination, 'amount' | 'name' | 'translations' | 'price_usd' | 'price_rub' | 'active'>>;

/** A PUBG package is delivered by redeeming a code of its stock. */
const PUBG_SOURCES: SourceRow[] = [{ kind: 'code_stock', priority: 1, supplier_product_id: null }];

/** Data access for the back office's PUBG packages; every function takes the connection or transaction to use. */
export const adminPubgDenominationsDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    db
      .from(asView(db, PUBG_PACKAGES_SQL, 'd'))
      .select(
        'd.id',
        'd.uc_amount',
        'd.name',
        'd.translations',
        'd.price_usd',
        'd.price_rub',
        'd.active',
        'd.created_at',
        db.raw(`${availableRedemptionCodesSql('d.id')} as available_codes`),
      ),

  findRecord: (db: Knex, id: number): Promise<PubgDenominationWithStock | undefined> =>
    adminPubgDenominationsDal.records(db).where('d.id', id).first(),

  active: (db: Knex): Promise<PubgDenominationWithStock[]> =>
    adminPubgDenominationsDal.records(db).where('d.active', true).orderBy(['d.uc_amount', 'd.id']),

  /** Locks the PUBG game, so two writes never both find a UC amount free. */
  async lockPubg(trx: Knex.Transaction): Promise<number> {
    const gameId = await gamesDal.specGameId(trx, 'pubg');
    await gamesDal.lockGame(trx, gameId);
    return gameId;
  },

  /** The package of this UC amount, other than `exceptId`, if there is one. */
  amountTaken: async (trx: Knex.Transaction, ucAmount: number, exceptId?: number): Promise<boolean> =>
    Boolean(
      await trx
        .from(asView(trx, PUBG_PACKAGES_SQL, 'd'))
        .where('d.uc_amount', ucAmount)
        .modify((query) => void (exceptId === undefined ? query : query.whereNot('d.id', exceptId)))
        .first('d.id'),
    ),

  /** Locks the package, if it is one. */
  lock: (trx: Knex.Transaction, id: number) =>
    trx('game_denominations').where({ id }).whereRaw(`game_id = ${specGameIdSql('pubg')}`).forUpdate().first<{ id: number } | undefined>('id'),

  insert: (trx: Knex.Transaction, gameId: number, columns: PubgDenominationColumns): Promise<number> =>
    gamesDal.insertDenomination(trx, { ...columns, game_id: gameId, unit: 'UC' }, PUBG_SOURCES),

  update: (trx: Knex.Transaction, id: number, columns: PubgDenominationColumns) => gamesDal.updateDenomination(trx, id, columns),

  /**
   * Locks every code of the package (a top-up can no longer take one) and counts those held, sold or
   * rejected in an order: they block a delete.
   */
  async lockCodesCountingOrdered(trx: Knex.Transaction, id: number): Promise<{ total: number; inOrders: number }> {
    const result = await trx.raw<{ rows: Array<{ total: number; in_orders: number }> }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status <> 'available' OR order_id IS NOT NULL)::int AS in_orders
         FROM (SELECT status, order_id FROM stock_codes WHERE source = 'pubg_redemption' AND denomination_id = ? FOR UPDATE) AS codes`,
      [id],
    );
    const row = result.rows[0];
    return { total: row?.total ?? 0, inOrders: row?.in_orders ?? 0 };
  },

  /** Deletes the package with its codes (none in an order: the caller checked); its sources go by cascade. */
  async delete(trx: Knex.Transaction, id: number): Promise<void> {
    await stockDal.deleteOfDenomination(trx, id);
    await gamesDal.deleteDenomination(trx, id);
  },
};
