import type { Knex } from 'knex';
import type { PendingCode } from '../../../lib/bulk-codes';
import { PubgCode } from '../../../models';
import { asView, PUBG_PACKAGES_SQL } from '../../games/games.dal';

/** A PUBG code as the back office reads it, with its package's size and prices. */
export type PubgCodeWithPackage = Pick<
  PubgCode,
  'id' | 'denomination_id' | 'code_encrypted' | 'status' | 'error_message' | 'created_at'
> &
  { uc_amount: number; price_usd: number; price_rub: number };

/** Data access for the back office's PUBG codes; every function takes the connection or transaction to use. */
export const adminPubgCodesDal = {
  records: (db: Knex): Knex.QueryBuilder =>
    db('pubg_codes as pc')
      .join(asView(db, PUBG_PACKAGES_SQL, 'd'), 'd.id', 'pc.denomination_id')
      .select(
        'pc.id',
        'pc.denomination_id',
        'pc.code_encrypted',
        'd.uc_amount',
        'd.price_usd',
        'd.price_rub',
        'pc.status',
        'pc.error_message',
        'pc.created_at',
      ),

  findRecord: (db: Knex, id: number): Promise<PubgCodeWithPackage | undefined> =>
    adminPubgCodesDal.records(db).where('pc.id', id).first(),

  /** Locks the code against a top-up taking it meanwhile. */
  lock: (trx: Knex.Transaction, id: number) => PubgCode.columnsOf(trx, id, ['id', 'status', 'order_id'], { lock: true }),

  denominationExists: async (db: Knex, id: number): Promise<boolean> =>
    Boolean(await db.from(asView(db, PUBG_PACKAGES_SQL, 'd')).where('d.id', id).first('d.id')),

  async insert(trx: Knex.Transaction, row: { denomination_id: number; code_encrypted: string; code_hash: string }): Promise<number> {
    const [inserted] = await trx('pubg_codes').insert(row).returning<Array<{ id: number }>>('id');
    if (!inserted) throw new Error('pubg_codes insert returned no row');
    return inserted.id;
  },

  moveTo: (trx: Knex.Transaction, id: number, denominationId: number) =>
    trx('pubg_codes').where({ id }).update({ denomination_id: denominationId }),

  delete: (trx: Knex.Transaction, id: number) => trx('pubg_codes').where({ id }).delete(),

  /** One INSERT per batch; codes already stored are skipped. Resolves to the hashes inserted. */
  async insertBatch(trx: Knex.Transaction, denominationId: number, batch: Array<PendingCode<unknown>>): Promise<Set<string>> {
    const result = await trx.raw<{ rows: Array<{ code_hash: string }> }>(
      `INSERT INTO pubg_codes (denomination_id, code_encrypted, code_hash)
       SELECT ?::integer, t.code_encrypted, t.code_hash
         FROM unnest(?::text[], ?::text[]) AS t (code_encrypted, code_hash)
       ON CONFLICT (code_hash) DO NOTHING
       RETURNING code_hash`,
      [denominationId, batch.map((row) => row.encrypted), batch.map((row) => row.hash)],
    );
    return new Set(result.rows.map((row) => row.code_hash));
  },
};
