import type { Knex } from 'knex';
import { initialOrderStatus, type BalanceCurrency } from '@topup/common';
import type { Code, OrderKind, PaymentMethod } from '../../models';
import type { StockOption } from '../cart/cart.dal';

/** A code taken from stock for an order: a manual code or a generated (Free Fire) code, whose columns read the same. */
export type TakenCode = Pick<Code, 'id' | 'price_usd' | 'price_rub'> & { source: 'code' | 'generated' };

export interface NewOrder {
  userId: number;
  kind: OrderKind;
  paymentMethod: PaymentMethod;
  currency: BalanceCurrency;
  total: number;
  totalUsd: number;
  rateUsdRub: string;
  paid: boolean;
  /** An unpaid (card) order holds its codes this long from now: orders.hold_expires_at. */
  holdSeconds?: number;
}

export interface NewCodeItem {
  option: StockOption;
  code: TakenCode;
  /** Minor units of the order currency. */
  amount: number;
  rateUsed: string;
}

const INSERT_CHUNK = 1000;

const TABLE_OF: Record<TakenCode['source'], string> = { code: 'codes', generated: 'generated_codes' };

/** Data access for placing orders; every function takes the transaction to use. */
export const orderPlacementDal = {
  /**
   * Locks up to `count` available codes of exactly this option, oldest first: manual codes, then
   * (for global options) published generated codes. SKIP LOCKED lets concurrent checkouts take
   * different codes instead of queueing on the same rows; a row sold meanwhile is re-checked after
   * locking and left out, so no code is taken twice.
   */
  async takeCodes(trx: Knex.Transaction, option: StockOption, count: number): Promise<TakenCode[]> {
    const availableOfOption = {
      product_id: option.product_id,
      game_amount: option.game_amount,
      price_usd: option.price_usd,
      price_rub: option.price_rub,
      status: 'available',
    };
    const manual: Array<Omit<TakenCode, 'source'>> = await trx('codes')
      .select('id', 'price_usd', 'price_rub')
      .where(availableOfOption)
      .andWhere((where) =>
        void (option.region_id === null ? where.whereNull('region_id') : where.where('region_id', option.region_id)),
      )
      .orderBy('id')
      .limit(count)
      .forUpdate()
      .skipLocked();
    const taken: TakenCode[] = manual.map((code) => ({ source: 'code', ...code }));
    if (taken.length === count || option.region_id !== null) return taken;

    const generated: Array<Omit<TakenCode, 'source'>> = await trx('generated_codes')
      .select('id', 'price_usd', 'price_rub')
      .where({ ...availableOfOption, published: true })
      .orderBy('id')
      .limit(count - taken.length)
      .forUpdate()
      .skipLocked();
    return [...taken, ...generated.map((code): TakenCode => ({ source: 'generated', ...code }))];
  },

  async insertOrder(trx: Knex.Transaction, order: NewOrder): Promise<number> {
    const [row] = await trx('orders')
      .insert({
        user_id: order.userId,
        status: initialOrderStatus(order.paid),
        kind: order.kind,
        payment_method: order.paymentMethod,
        currency: order.currency,
        total: order.total,
        total_usd: order.totalUsd,
        rate_usd_rub: order.rateUsdRub,
        paid_at: order.paid ? trx.fn.now() : null,
        hold_expires_at:
          order.holdSeconds === undefined ? null : trx.raw('now() + make_interval(secs => ?)', [order.holdSeconds]),
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('orders insert returned no row');
    return row.id;
  },

  async insertCodeItems(trx: Knex.Transaction, orderId: number, items: NewCodeItem[]): Promise<void> {
    const rows = items.map(({ option, code, amount, rateUsed }) => ({
      order_id: orderId,
      item_type: 'code',
      product_id: option.product_id,
      region_id: option.region_id,
      code_id: code.source === 'code' ? code.id : null,
      generated_code_id: code.source === 'generated' ? code.id : null,
      game_amount: option.game_amount,
      amount,
      price_usd: code.price_usd,
      price_rub: code.price_rub,
      rate_used: rateUsed,
    }));
    // Chunked: one statement may carry at most 65535 bind parameters.
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx('order_items').insert(rows.slice(start, start + INSERT_CHUNK));
    }
  },

  /** Marks taken codes reserved for the order until `holdSeconds` from now. */
  async reserveCodes(trx: Knex.Transaction, orderId: number, codes: TakenCode[], holdSeconds: number): Promise<void> {
    for (const source of ['code', 'generated'] as const) {
      const ids = codes.filter((code) => code.source === source).map((code) => code.id);
      if (ids.length === 0) continue;
      await trx(TABLE_OF[source])
        .whereRaw('id = any(?)', [ids])
        .update({
          status: 'reserved',
          order_id: orderId,
          reserved_until: trx.raw('now() + make_interval(secs => ?)', [holdSeconds]),
        });
    }
  },
};
