import type { Knex } from 'knex';

export interface AdminFreefireDenominationRow {
  id: number;
  name: string;
  item_id: number;
  price_usd: number;
  price_rub: number;
  game_amount: number;
  is_active: boolean;
  created_at: Date;
}

export type FreefireDenominationColumns = Partial<
  Pick<AdminFreefireDenominationRow, 'name' | 'item_id' | 'price_usd' | 'price_rub' | 'game_amount' | 'is_active'>
>;

const COLUMNS = ['id', 'name', 'item_id', 'price_usd', 'price_rub', 'game_amount', 'is_active', 'created_at'];

/** Data access for the back office's Free Fire offers; every function takes the connection or transaction to use. */
export const adminFreefireDenominationsDal = {
  records: (db: Knex): Knex.QueryBuilder => db('freefire_denominations').select(COLUMNS),

  findRecord: (db: Knex, id: number): Promise<AdminFreefireDenominationRow | undefined> =>
    db('freefire_denominations').select(COLUMNS).where({ id }).first(),

  lock: (trx: Knex.Transaction, id: number): Promise<AdminFreefireDenominationRow | undefined> =>
    trx('freefire_denominations').select(COLUMNS).where({ id }).forUpdate().first(),

  async insert(trx: Knex.Transaction, columns: FreefireDenominationColumns): Promise<AdminFreefireDenominationRow> {
    const [row] = await trx('freefire_denominations').insert(columns).returning<AdminFreefireDenominationRow[]>(COLUMNS);
    if (!row) throw new Error('freefire_denominations insert returned no row');
    return row;
  },

  async update(trx: Knex.Transaction, id: number, columns: FreefireDenominationColumns): Promise<AdminFreefireDenominationRow> {
    const [row] = await trx('freefire_denominations')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning<AdminFreefireDenominationRow[]>(COLUMNS);
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
