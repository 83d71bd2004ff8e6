import type { Knex } from 'knex';
import { FreefireDenomination } from '../../../models';

const COLUMNS = ['id', 'name', 'translations', 'item_id', 'price_usd', 'price_rub', 'game_amount', 'is_active', 'created_at'] as const;

/** A Free Fire offer as the back office reads it. */
export type ListedFreefireDenomination = Pick<FreefireDenomination, (typeof COLUMNS)[number]>;

export type FreefireDenominationColumns = Partial<
  Pick<FreefireDenomination, 'name' | 'translations' | 'item_id' | 'price_usd' | 'price_rub' | 'game_amount' | 'is_active'>
>;

/** Data access for the back office's Free Fire offers; every function takes the connection or transaction to use. */
export const adminFreefireDenominationsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('freefire_denominations').select(COLUMNS),

  findRecord: (db: Knex, id: number) => FreefireDenomination.columnsOf(db, id, COLUMNS),

  lock: (trx: Knex.Transaction, id: number) => FreefireDenomination.columnsOf(trx, id, COLUMNS, { lock: true }),

  async insert(trx: Knex.Transaction, columns: FreefireDenominationColumns): Promise<ListedFreefireDenomination> {
    const [row] = await trx('freefire_denominations').insert(columns).returning<ListedFreefireDenomination[]>(COLUMNS);
    if (!row) throw new Error('freefire_denominations insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: FreefireDenominationColumns): Promise<ListedFreefireDenomination> {
    const [row] = await trx('freefire_denominations')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning<ListedFreefireDenomination[]>(COLUMNS);
    if (!row) throw new Error('freefire_denominations update returned no row');
    return row;
  },

  /** True while generated codes or code-generation requests belong to the offer. */
  async hasGeneratedCodes(db: Knex, id: number): Promise<boolean> {
    const row = await db
      .select(
        db.raw(
          `exists (select 1 from generated_codes where denomination_id = ?)
           or exists (select 1 from code_generation_requests where denomination_id = ?) as used`,
          [id, id],
        ),
      )
      .first<{ used: boolean }>();
    return Boolean(row?.used);
  },

  delete: (trx: Knex.Transaction, id: number) => trx('freefire_denominations').where({ id }).delete(),
};
