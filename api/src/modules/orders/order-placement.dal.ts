import type { Knex } from 'knex';
import { initialOrderStatus, type OrderCurrency } from '@topup/common';
import type { OrderKind, PaymentMethod } from '../../models';

export interface NewOrder {
  userId: number;
  kind: OrderKind;
  paymentMethod: PaymentMethod;
  currency: OrderCurrency;
  /** After the promotions' and a promo code's discounts. */
  total: number;
  totalUsd: number;
  /** What a promo code took off (docs/architecture.md, "Promo codes"), and the code. */
  discount?: number;
  promoCodeId?: number;
  /** What promotions took off the list prices (docs/architecture.md, "Promotions that discount"). */
  promotionDiscount?: number;
  rateUsdRub: string;
  /** A UZS order's USD->UZS rate. */
  rateUsdUzs?: string;
  paid: boolean;
  /** An unpaid (card) order holds its codes this long from now: orders.hold_expires_at. */
  holdSeconds?: number;
  /** The Idempotency-Key of the request placing it. */
  idempotencyKey?: string;
}

/** Data access for placing orders; every function takes the transaction to use. */
export const orderPlacementDal = {
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
        discount: order.discount ?? 0,
        promo_code_id: order.promoCodeId ?? null,
        promotion_discount: order.promotionDiscount ?? 0,
        rate_usd_rub: order.rateUsdRub,
        rate_usd_uzs: order.rateUsdUzs ?? null,
        paid_at: order.paid ? trx.fn.now() : null,
        hold_expires_at:
          order.holdSeconds === undefined ? null : trx.raw('now() + make_interval(secs => ?)', [order.holdSeconds]),
        idempotency_key: order.idempotencyKey ?? null,
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('orders insert returned no row');
    return row.id;
  },
};
