import type { Knex } from 'knex';
import { CurrencySettings, OrderItem, type ProviderStatus, type PubgCode } from '../../models';

export interface NewTopupItem {
  /** Minor units of the order currency. */
  amount: number;
  priceUsd: number;
  priceRub: number;
  gameAmount: number | null;
  rateUsed: string;
  topupData: Record<string, unknown>;
}

const PUBG_CODE_COLUMNS = ['id', 'denomination_id', 'status', 'code_encrypted'] as const;

/** A code of the code stock an order holds or has held. */
export type OrderPubgCode = Pick<PubgCode, (typeof PUBG_CODE_COLUMNS)[number]>;

/** Data access for top-up orders and their delivery; every function takes the connection or transaction to use. */
export const topupDal = {
  /** Available codes of the code stock per denomination, for these denominations. */
  async availablePubgCodes(db: Knex, denominationIds: number[]): Promise<Map<number, number>> {
    const rows = await db('pubg_codes')
      .whereIn('denomination_id', denominationIds)
      .where({ status: 'available' })
      .groupBy('denomination_id')
      .select<Array<Pick<PubgCode, 'denomination_id'> & { count: number }>>('denomination_id', db.raw('count(*)::int as count'));
    return new Map(rows.map((row) => [row.denomination_id, row.count]));
  },

  /**
   * Locks up to `count` available codes of a denomination, oldest first. SKIP LOCKED lets concurrent
   * orders take different codes instead of queueing on the same rows.
   */
  takePubgCodes: (trx: Knex.Transaction, denominationId: number, count: number): Promise<OrderPubgCode[]> =>
    trx('pubg_codes')
      .select(PUBG_CODE_COLUMNS)
      .where({ denomination_id: denominationId, status: 'available' })
      .orderBy('id')
      .limit(count)
      .forUpdate()
      .skipLocked(),

  reservePubgCodes: (trx: Knex.Transaction, orderId: number, codeIds: number[]) =>
    trx('pubg_codes').whereIn('id', codeIds).where({ status: 'available' }).update({ status: 'reserved', order_id: orderId }),

  async insertTopupItem(trx: Knex.Transaction, orderId: number, item: NewTopupItem): Promise<number> {
    const [row] = await trx('order_items')
      .insert({
        order_id: orderId,
        item_type: 'topup',
        game_amount: item.gameAmount,
        amount: item.amount,
        price_usd: item.priceUsd,
        price_rub: item.priceRub,
        rate_used: item.rateUsed,
        topup_data: item.topupData,
        provider_status: 'pending',
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('order_items insert returned no row');
    return row.id;
  },

  topupItemOf: (db: Knex, orderId: number) => OrderItem.query(db).findOne({ order_id: orderId, item_type: 'topup' }).orderBy('id'),

  /** Where the shop refunds a failed delivery of a card-paid top-up (a back-office setting). */
  async failedCardTopupRefundTo(trx: Knex.Transaction): Promise<CurrencySettings['failed_card_topup_refund_to']> {
    const row = await CurrencySettings.columnsOf(trx, CurrencySettings.SINGLETON_ID, ['failed_card_topup_refund_to']);
    return row?.failed_card_topup_refund_to ?? 'balance';
  },

  /** The PUBG codes the order holds or has held (reserved, used, rejected), oldest first. */
  pubgCodesOf: (trx: Knex.Transaction, orderId: number): Promise<OrderPubgCode[]> =>
    trx('pubg_codes').select(PUBG_CODE_COLUMNS).where({ order_id: orderId }).orderBy('id'),

  /** Resolves to true when this call marked the code used (false: it was already recorded). */
  async markPubgCodeUsed(trx: Knex.Transaction, orderId: number, codeId: number): Promise<boolean> {
    const updated = await trx('pubg_codes')
      .where({ id: codeId, order_id: orderId, status: 'reserved' })
      .update({ status: 'used', used_at: trx.fn.now() });
    return updated === 1;
  },

  /** The game rejected the code: it stays out of stock, with the reason, and keeps pointing at the order. */
  markPubgCodeError: (trx: Knex.Transaction, orderId: number, codeId: number, message: string) =>
    trx('pubg_codes').where({ id: codeId, order_id: orderId, status: 'reserved' }).update({ status: 'error', error_message: message }),

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
