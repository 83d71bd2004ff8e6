import type { Knex } from 'knex';
import type { GameDenomination } from '../../../models';
import { asView, FREEFIRE_OFFERS_SQL, gamesDal, specGameIdSql, type SourceRow } from '../../games/games.dal';

const COLUMNS = ['id', 'denomination_id', 'name', 'translations', 'item_id', 'price_usd', 'price_rub', 'game_amount', 'is_active', 'created_at'] as const;

/**
 * A Free Fire offer as the back office reads it: a view over game_denominations, `id` the offer's legacy
 * id and `denomination_id` its row there.
 */
export interface ListedFreefireDenomination {
  id: number;
  denomination_id: number;
  name: string;
  translations: GameDenomination['translations'];
  item_id: number;
  price_usd: number;
  price_rub: number;
  game_amount: number;
  is_active: boolean;
  created_at: Date;
}

export type FreefireDenominationColumns = Partial<
  Pick<GameDenomination, 'name' | 'translations' | 'item_id' | 'price_usd' | 'price_rub' | 'amount' | 'active'>
>;

/** A Free Fire offer is credited by the game provider. */
const FREEFIRE_SOURCES: SourceRow[] = [{ kind: 'sandbox', priority: 1, supplier_product_id: null }];

const offers = (db: Knex) => db.from(asView(db, FREEFIRE_OFFERS_SQL, 'fd'));

/** Data access for the back office's Free Fire offers; every function takes the connection or transaction to use. */
export const adminFreefireDenominationsDal = {
  records: (db: Knex): Knex.QueryBuilder => offers(db).select(COLUMNS),

  findRecord: (db: Knex, id: number): Promise<ListedFreefireDenomination | undefined> => offers(db).where({ id }).first(COLUMNS),

  /** Locks the offer's row, by its legacy id. */
  async lock(trx: Knex.Transaction, id: number): Promise<ListedFreefireDenomination | undefined> {
    const locked = await trx('game_denominations')
      .where({ legacy_id: id })
      .whereRaw(`game_id = ${specGameIdSql('freefire')}`)
      .forUpdate()
      .first('id');
    return locked ? adminFreefireDenominationsDal.findRecord(trx, id) : undefined;
  },

  async insert(trx: Knex.Transaction, columns: FreefireDenominationColumns): Promise<ListedFreefireDenomination> {
    const gameId = await gamesDal.specGameId(trx, 'freefire');
    const id = await gamesDal.insertDenomination(trx, { ...columns, game_id: gameId, unit: 'алмазов' }, FREEFIRE_SOURCES);
    const row = await offers(trx).where({ denomination_id: id }).first(COLUMNS);
    if (!row) throw new Error('game_denominations insert returned no Free Fire offer');
    return row;
  },

  async update(trx: Knex.Transaction, current: ListedFreefireDenomination, columns: FreefireDenominationColumns): Promise<ListedFreefireDenomination> {
    await gamesDal.updateDenomination(trx, current.denomination_id, columns);
    const row = await adminFreefireDenominationsDal.findRecord(trx, current.id);
    if (!row) throw new Error('game_denominations update lost the Free Fire offer');
    return row;
  },

  /** True while generated codes or code-generation requests belong to the offer. */
  async hasGeneratedCodes(db: Knex, id: number): Promise<boolean> {
    const row = await db
      .select(
        db.raw(
          `exists (select 1 from stock_codes c join game_denominations d on d.id = c.denomination_id
                    where c.source = 'generated' and d.legacy_id = ?)
           or exists (select 1 from code_generation_requests where denomination_id = ?) as used`,
          [id, id],
        ),
      )
      .first<{ used: boolean }>();
    return Boolean(row?.used);
  },

  delete: (trx: Knex.Transaction, id: number) =>
    trx('game_denominations').where({ legacy_id: id }).whereRaw(`game_id = ${specGameIdSql('freefire')}`).delete(),
};
