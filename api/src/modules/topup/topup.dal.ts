import type { Knex } from 'knex';
import { CurrencySettings, OrderItem, type ProviderStatus } from '../../models';

/** Data access for top-up orders and their delivery; every function takes the connection or transaction to use. */
export const topupDal = {
  topupItemOf: (db: Knex, orderId: number) => OrderItem.query(db).findOne({ order_id: orderId, item_type: 'topup' }).orderBy('id'),

  /** Where the shop refunds a failed delivery of a card-paid top-up (a back-office setting). */
  async failedCardTopupRefundTo(trx: Knex.Transaction): Promise<CurrencySettings['failed_card_topup_refund_to']> {
    const row = await CurrencySettings.columnsOf(trx, CurrencySettings.SINGLETON_ID, ['failed_card_topup_refund_to']);
    return row?.failed_card_topup_refund_to ?? 'balance';
  },

  /** Adds the game's id of one more credit to the item (a PUBG order has one per code). */
  appendProviderReference: (trx: Knex.Transaction, itemId: number, reference: string) =>
    trx('order_items')
      .where({ id: itemId })
      .update({ provider_reference: trx.raw("concat_ws(',', provider_reference, ?::text)", [reference]) }),

  setProviderStatus: (trx: Knex.Transaction, itemId: number, status: ProviderStatus, reference?: string) =>
    trx('order_items')
      .where({ id: itemId })
      .update(reference === undefined ? { provider_status: status } : { provider_status: status, provider_reference: reference }),
};
