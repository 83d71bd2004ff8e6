import type { Knex } from 'knex';
import { PAYME_PROVIDER } from '../../providers/payment/payme.gateway';
import { latestPaymentOf } from '../payments/gateway-calls';
import { PaymeState, type PaymeTransactionRow } from './payme-protocol';

/** The columns a PaymeTransactionRow holds; bigint ones read as numbers (server-kit's Postgres setup). */
const COLUMNS = [
  'id',
  'payme_id',
  'order_id',
  'payment_id',
  'payme_time',
  'amount',
  'account',
  'create_time',
  'perform_time',
  'cancel_time',
  'state',
  'reason',
] as const;

/** Payme's transactions and the payments they pay; every function takes the connection or transaction to use. */
export const paymeDal = {
  /** The order's Payme payment (the latest), locked. */
  orderPayment: (trx: Knex.Transaction, orderId: number) => latestPaymentOf(trx, orderId, PAYME_PROVIDER),

  async transaction(conn: Knex, paymeId: string, options: { lock?: boolean } = {}): Promise<PaymeTransactionRow | undefined> {
    const query = conn('payme_transactions').where({ payme_id: paymeId }).first<PaymeTransactionRow | undefined>(...COLUMNS);
    if (options.lock) void query.forUpdate();
    return query;
  },

  /** The order's transaction that is created or performed, if any. */
  liveTransactionOf: (trx: Knex.Transaction, orderId: number): Promise<PaymeTransactionRow | undefined> =>
    trx('payme_transactions')
      .where({ order_id: orderId })
      .whereIn('state', [PaymeState.CREATED, PaymeState.PERFORMED])
      .first<PaymeTransactionRow | undefined>(...COLUMNS),

  async insert(
    trx: Knex.Transaction,
    row: Pick<PaymeTransactionRow, 'payme_id' | 'order_id' | 'payment_id' | 'payme_time' | 'amount' | 'account' | 'create_time'>,
  ): Promise<PaymeTransactionRow> {
    const [inserted] = (await trx('payme_transactions').insert(row).returning(COLUMNS)) as PaymeTransactionRow[];
    if (!inserted) throw new Error('payme_transactions insert returned no row');
    // Payme's id names the payment from now on (the back office shows it, as YooKassa's).
    await trx('payments').where({ id: row.payment_id }).update({ provider_payment_id: row.payme_id, updated_at: trx.fn.now() });
    return inserted;
  },

  async update(trx: Knex.Transaction, id: number, changes: Partial<Pick<PaymeTransactionRow, 'state' | 'perform_time' | 'cancel_time' | 'reason'>>): Promise<PaymeTransactionRow> {
    const [updated] = (await trx('payme_transactions').where({ id }).update(changes).returning(COLUMNS)) as PaymeTransactionRow[];
    if (!updated) throw new Error(`Payme transaction ${id} is gone`);
    return updated;
  },

  /** Transactions Payme created from `from` to `to` inclusive (by Payme's own time), oldest first: GetStatement. */
  createdBetween: (db: Knex, from: number, to: number): Promise<PaymeTransactionRow[]> =>
    db('payme_transactions').whereBetween('payme_time', [from, to]).orderBy([{ column: 'payme_time' }, { column: 'id' }]).select<PaymeTransactionRow[]>(...COLUMNS),
};
