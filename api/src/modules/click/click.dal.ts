import type { Knex } from 'knex';
import type { ClickTransaction, RowOf } from '../../models';
import { CLICK_PROVIDER } from '../../providers/payment/click.gateway';
import { latestPaymentOf } from '../payments/gateway-calls';
import { ClickState } from './click-protocol';

export type ClickTransactionRow = RowOf<ClickTransaction>;

/** pg reads bigint as text: the row's numbers as numbers. */
const asRow = (row: Record<string, unknown>): ClickTransactionRow => ({
  ...(row as unknown as ClickTransactionRow),
  id: Number(row.id),
  click_trans_id: Number(row.click_trans_id),
  click_paydoc_id: Number(row.click_paydoc_id),
  order_id: Number(row.order_id),
  payment_id: Number(row.payment_id),
  amount: Number(row.amount),
});

/** Click's attempts and the payments they pay; every function takes the transaction to use. */
export const clickDal = {
  /** The order's Click payment (the latest), locked. */
  orderPayment: (trx: Knex.Transaction, orderId: number) => latestPaymentOf(trx, orderId, CLICK_PROVIDER),

  /** The attempt Click names `clickTransId`, or the store numbered `id` (merchant_prepare_id). */
  async find(trx: Knex.Transaction, by: { click_trans_id: number } | { id: number }, options: { lock?: boolean } = {}): Promise<ClickTransactionRow | undefined> {
    const query = trx('click_transactions').where(by).first();
    if (options.lock) void query.forUpdate();
    const row = (await query) as Record<string, unknown> | undefined;
    return row && asRow(row);
  },

  async insert(trx: Knex.Transaction, row: Pick<ClickTransactionRow, 'click_trans_id' | 'click_paydoc_id' | 'order_id' | 'payment_id' | 'amount'>): Promise<ClickTransactionRow> {
    const [inserted] = (await trx('click_transactions').insert(row).returning('*')) as Array<Record<string, unknown>>;
    if (!inserted) throw new Error('click_transactions insert returned no row');
    // Click's id names the payment from now on (the back office shows it, as YooKassa's).
    await trx('payments').where({ id: row.payment_id }).update({ provider_payment_id: String(row.click_trans_id), updated_at: trx.fn.now() });
    return asRow(inserted);
  },

  async complete(trx: Knex.Transaction, id: number): Promise<void> {
    await trx('click_transactions').where({ id }).update({ state: ClickState.COMPLETED, completed_at: trx.fn.now() });
  },

  async cancel(trx: Knex.Transaction, id: number, cause: { error: number; error_note: string }): Promise<void> {
    await trx('click_transactions').where({ id }).update({ state: ClickState.CANCELLED, cancelled_at: trx.fn.now(), ...cause });
  },
};
