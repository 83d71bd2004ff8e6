import type { Knex } from 'knex';
import type { ClickTransaction, RowOf } from '../../models';
import { CLICK_PROVIDER } from '../../providers/payment/click.gateway';
import { latestPaymentOf } from '../payments/gateway-calls';
import { ClickState } from './click-protocol';

export type ClickTransactionRow = RowOf<ClickTransaction>;

/** Click's attempts and the payments they pay; every function takes the transaction to use. */
export const clickDal = {
  /** The order's Click payment (the latest), locked. */
  orderPayment: (trx: Knex.Transaction, orderId: number) => latestPaymentOf(trx, orderId, CLICK_PROVIDER),

  /** The attempt Click names `clickTransId`, or the store numbered `id` (merchant_prepare_id). */
  async find(trx: Knex.Transaction, by: { click_trans_id: number } | { id: number }, options: { lock?: boolean } = {}): Promise<ClickTransactionRow | undefined> {
    // bigint columns read as numbers (server-kit's Postgres setup).
    const query = trx('click_transactions').where(by).first<ClickTransactionRow | undefined>();
    if (options.lock) void query.forUpdate();
    return query;
  },

  async insert(trx: Knex.Transaction, row: Pick<ClickTransactionRow, 'click_trans_id' | 'click_paydoc_id' | 'order_id' | 'payment_id' | 'amount'>): Promise<ClickTransactionRow> {
    const [inserted] = (await trx('click_transactions').insert(row).returning('*')) as ClickTransactionRow[];
    if (!inserted) throw new Error('click_transactions insert returned no row');
    // Click's id names the payment from now on (the back office shows it, as YooKassa's).
    await trx('payments').where({ id: row.payment_id }).update({ provider_payment_id: String(row.click_trans_id), updated_at: trx.fn.now() });
    return inserted;
  },

  async complete(trx: Knex.Transaction, id: number): Promise<void> {
    await trx('click_transactions').where({ id }).update({ state: ClickState.COMPLETED, completed_at: trx.fn.now() });
  },

  async cancel(trx: Knex.Transaction, id: number, cause: { error: number; error_note: string }): Promise<void> {
    await trx('click_transactions').where({ id }).update({ state: ClickState.CANCELLED, cancelled_at: trx.fn.now(), ...cause });
  },
};
