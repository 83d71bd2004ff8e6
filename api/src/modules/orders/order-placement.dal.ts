import type { Knex } from 'knex';
import { initialOrderStatus, type BalanceCurrency } from '@topup/common';
import type { Code, OrderKind, PaymentMethod } from '../../models';
import type { StockOption } from '../cart/cart.dal';

/** A code taken from stock for an order: a manual code or a generated (Free Fire) code. */
export type TakenCode = Pick<Code, 'id'> & { source: 'code' | 'generated' };

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
  /** The Idempotency-Key of the request placing it. */
  idempotencyKey?: string;
}

const TABLE_OF: Record<TakenCode['source'], string> = { code: 'codes', generated: 'generated_codes' };

/** Data access for placing orders; every function takes the transaction to use. */
export const orderPlacementDal = {
  /**
   * Locks up to `count` available codes of exactly this option (the SQL function take_codes, the one
   * rule checkout uses too): manual codes first, then for a global option published generated codes.
   * Fewer than `count` means the option is short of stock.
   */
  takeCodes: async (trx: Knex.Transaction, option: StockOption, count: number): Promise<TakenCode[]> =>
    (
      await trx.raw<{ rows: TakenCode[] }>('SELECT source, id FROM take_codes(?, ?, ?, ?, ?, ?)', [
        option.product_id,
        option.region_id,
        option.game_amount,
        option.price_usd,
        option.price_rub,
        count,
      ])
    ).rows,

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
        idempotency_key: order.idempotencyKey ?? null,
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('orders insert returned no row');
    return row.id;
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
