import type { Knex } from 'knex';
import type { BalanceCurrency, OrderStatus, PaymentStatus } from '@topup/common';
import type { OrderKind } from '../../models';
import type { GatewayMethod } from '../../providers/payment';
import { CART_MAX_QUANTITY } from '../cart/cart.schemas';

export interface NewPayment {
  userId: number;
  orderId: number;
  provider: string;
  method: GatewayMethod;
  /** Minor units of `currency`, the currency the gateway charges in. */
  amount: number;
  currency: BalanceCurrency;
  /** The payment expires with the order's hold: this long from now. */
  holdSeconds: number;
}

export interface NewGatewayEvent {
  provider: string;
  providerEventId: string;
  paymentId: number | null;
  eventType: string;
  payload: Record<string, unknown>;
}

export interface GatewayEventRow {
  id: number;
  provider: string;
  provider_event_id: string;
  payment_id: number | null;
  event_type: string;
  payload: Record<string, unknown>;
  processed_at: Date | null;
}

export interface PaymentRow {
  id: number;
  user_id: number;
  order_id: number | null;
  provider: string;
  provider_payment_id: string | null;
  method: GatewayMethod;
  /** Minor units of `currency`: what the gateway charges, which may differ from the order's currency. */
  amount: number;
  currency: BalanceCurrency;
  status: PaymentStatus;
  refunded_amount: number;
}

const PAYMENT_COLUMNS = ['id', 'user_id', 'order_id', 'provider', 'provider_payment_id', 'method', 'amount', 'currency', 'status', 'refunded_amount'];

export interface LockedOrder {
  id: number;
  user_id: number;
  status: OrderStatus;
  kind: OrderKind;
  currency: BalanceCurrency;
  /** Minor units of `currency`. */
  total: number;
  /** The order still holds its codes: its hold has not ended (by the database clock). */
  hold_active: boolean;
}

/** Closes unpaid orders: why, and what their still-pending payments become. */
export interface UnpaidOrderClosing {
  reason: string;
  paymentStatus: Extract<PaymentStatus, 'declined' | 'expired'>;
}

/**
 * Puts the code items of these orders back in their shoppers' carts (one line per price option), at
 * the current price of the codes they held (an admin may have repriced them meanwhile), before the
 * codes leave the items. Adds to lines already there, within the cart's limit.
 */
const restoreCarts = (trx: Knex.Transaction, orderIds: number[]) =>
  trx.raw(
    `INSERT INTO cart_items (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
     SELECT o.user_id, i.product_id, i.region_id, i.game_amount,
            coalesce(c.price_usd, g.price_usd, i.price_usd), coalesce(c.price_rub, g.price_rub, i.price_rub), least(count(*), :cap)
       FROM order_items i
       JOIN orders o ON o.id = i.order_id
       LEFT JOIN codes c ON c.id = i.code_id
       LEFT JOIN generated_codes g ON g.id = i.generated_code_id
      WHERE i.order_id = any(:orderIds) AND i.item_type = 'code' AND i.product_id IS NOT NULL AND i.game_amount IS NOT NULL
      GROUP BY o.user_id, i.product_id, i.region_id, i.game_amount,
               coalesce(c.price_usd, g.price_usd, i.price_usd), coalesce(c.price_rub, g.price_rub, i.price_rub)
     ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub)
     DO UPDATE SET quantity = least(cart_items.quantity + excluded.quantity, :cap), updated_at = now()`,
    { orderIds, cap: CART_MAX_QUANTITY },
  );

/** Data access for card payments, gateway events and order holds; every function takes the transaction to use. */
export const paymentsDal = {
  async insertPayment(trx: Knex.Transaction, payment: NewPayment): Promise<number> {
    const [row] = await trx('payments')
      .insert({
        user_id: payment.userId,
        order_id: payment.orderId,
        provider: payment.provider,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        status: 'pending',
        expires_at: trx.raw('now() + make_interval(secs => ?)', [payment.holdSeconds]),
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('payments insert returned no row');
    return row.id;
  },

  /** Records the gateway's id and pay page of a payment it has accepted. */
  attachGatewayPayment: (db: Knex, paymentId: number, providerPaymentId: string, payUrl: string) =>
    db('payments')
      .where({ id: paymentId })
      .update({ provider_payment_id: providerPaymentId, pay_url: payUrl, updated_at: db.fn.now() }),

  async paymentIdOf(db: Knex, provider: string, providerPaymentId: string): Promise<number | undefined> {
    const row = await db('payments')
      .where({ provider, provider_payment_id: providerPaymentId })
      .first<{ id: number } | undefined>('id');
    return row?.id;
  },

  /** Stores a verified event; resolves to undefined when (provider, event id) is already stored. */
  async insertGatewayEvent(trx: Knex.Transaction, event: NewGatewayEvent): Promise<number | undefined> {
    const rows = await trx('gateway_events')
      .insert({
        provider: event.provider,
        provider_event_id: event.providerEventId,
        payment_id: event.paymentId,
        event_type: event.eventType,
        payload: event.payload,
      })
      .onConflict(['provider', 'provider_event_id'])
      .ignore()
      .returning<{ id: number }[]>('id');
    return rows[0]?.id;
  },

  /** The event, locked: concurrent runs of the same callback job apply it one after the other. */
  lockGatewayEvent: (trx: Knex.Transaction, eventId: number): Promise<GatewayEventRow | undefined> =>
    trx('gateway_events').where({ id: eventId }).forUpdate().first(),

  markEventProcessed: (trx: Knex.Transaction, eventId: number) =>
    trx('gateway_events').where({ id: eventId }).update({ processed_at: trx.fn.now() }),

  findPayment: (db: Knex, paymentId: number): Promise<PaymentRow | undefined> =>
    db('payments').select(PAYMENT_COLUMNS).where({ id: paymentId }).first(),

  lockPayment: (trx: Knex.Transaction, paymentId: number): Promise<PaymentRow | undefined> =>
    trx('payments').select(PAYMENT_COLUMNS).where({ id: paymentId }).forUpdate().first(),

  /** The order's gateway payment that was paid (one at most: an order has one payment). */
  paidPaymentOfOrder: (trx: Knex.Transaction, orderId: number): Promise<PaymentRow | undefined> =>
    trx('payments').select(PAYMENT_COLUMNS).where({ order_id: orderId }).whereIn('status', ['paid', 'refunded']).forUpdate().first(),

  /** What the gateway said of a payment when it was last read back. */
  recordGatewayStatus: (db: Knex, paymentId: number, status: 'pending' | 'succeeded' | 'canceled') =>
    db('payments').where({ id: paymentId }).update({ gateway_status: status, gateway_checked_at: db.fn.now() }),

  /**
   * Payments of these gateways that have not settled on the gateway's side yet, oldest checked first:
   * still pending, or closed by the store (declined, expired) while the gateway may yet take the money.
   */
  async unsettledPayments(db: Knex, providers: string[], limit: number): Promise<number[]> {
    if (providers.length === 0) return [];
    const rows: Array<{ id: number }> = await db('payments')
      .select('id')
      .whereIn('provider', providers)
      .whereNotNull('provider_payment_id')
      .andWhere((where) => void where.whereNull('gateway_status').orWhere('gateway_status', 'pending'))
      .andWhere('created_at', '>', db.raw("now() - interval '2 days'"))
      .orderByRaw('gateway_checked_at NULLS FIRST')
      .limit(limit);
    return rows.map((row) => row.id);
  },

  lockOrder: (trx: Knex.Transaction, orderId: number): Promise<LockedOrder | undefined> =>
    trx('orders')
      .select('id', 'user_id', 'status', 'kind', 'currency', 'total', trx.raw('coalesce(hold_expires_at > now(), false) as hold_active'))
      .where({ id: orderId })
      .forUpdate()
      .first(),

  markPaymentPaid: (trx: Knex.Transaction, paymentId: number) =>
    trx('payments')
      .where({ id: paymentId })
      .update({ status: 'paid', paid_at: trx.fn.now(), updated_at: trx.fn.now() }),

  setPaymentStatus: (trx: Knex.Transaction, paymentId: number, status: PaymentStatus) =>
    trx('payments').where({ id: paymentId }).update({ status, updated_at: trx.fn.now() }),

  /**
   * A paid card order goes to fulfilment. Its codes stay reserved for it, now for as long as a paid
   * balance order's, so the end of the payment hold can never release them.
   */
  async markOrderPaid(trx: Knex.Transaction, orderId: number, codeHoldSeconds: number): Promise<void> {
    await trx('orders')
      .where({ id: orderId })
      .update({ status: 'processing', paid_at: trx.fn.now(), updated_at: trx.fn.now() });
    for (const table of ['codes', 'generated_codes']) {
      await trx(table)
        .where({ order_id: orderId, status: 'reserved' })
        .update({ reserved_until: trx.raw('now() + make_interval(secs => ?)', [codeHoldSeconds]) });
    }
  },

  setFailureReason: (trx: Knex.Transaction, orderId: number, reason: string) =>
    trx('orders').where({ id: orderId }).update({ failure_reason: reason, updated_at: trx.fn.now() }),

  /** Unpaid orders whose hold has ended, oldest first, locked; orders locked elsewhere are skipped. */
  async lockLapsedOrders(trx: Knex.Transaction, limit: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await trx('orders')
      .select('id')
      .where({ status: 'pending' })
      .andWhere('hold_expires_at', '<', trx.fn.now())
      .orderBy('hold_expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return rows.map((row) => row.id);
  },

  /**
   * Cancels unpaid orders and gives their codes back: the one path for a declined, an expired and a
   * failed-to-start card payment. Only 'pending' orders are touched (the caller holds their locks),
   * so a paid order's codes are never released. The lines of a code order go back into its shopper's
   * cart, so nothing they chose is lost; the cart shows what is no longer in stock. The codes become
   * available again and leave the order items (a code may sit in one order item ever); the items stay
   * as the order's record. A top-up's reserved PUBG codes go back on sale too. Resolves to the number
   * of codes released.
   */
  async cancelUnpaidOrders(trx: Knex.Transaction, orderIds: number[], closing: UnpaidOrderClosing): Promise<number> {
    if (orderIds.length === 0) return 0;
    const pending: Array<{ id: number }> = await trx('orders')
      .whereRaw('id = any(?)', [orderIds])
      .andWhere({ status: 'pending' })
      .update({
        status: 'cancelled',
        failure_reason: closing.reason,
        returned_to_cart: trx.raw("kind = 'codes'"),
        updated_at: trx.fn.now(),
      })
      .returning('id');
    const ids = pending.map((row) => row.id);
    if (ids.length === 0) return 0;
    await restoreCarts(trx, ids);
    await trx('payments')
      .whereRaw('order_id = any(?)', [ids])
      .andWhere({ status: 'pending' })
      .update({ status: closing.paymentStatus, updated_at: trx.fn.now() });
    await trx('order_items')
      .whereRaw('order_id = any(?)', [ids])
      .andWhere((where) => void where.whereNotNull('code_id').orWhereNotNull('generated_code_id'))
      .update({ code_id: null, generated_code_id: null });
    let released = 0;
    for (const table of ['codes', 'generated_codes']) {
      released += await trx(table)
        .whereRaw('order_id = any(?)', [ids])
        .andWhere({ status: 'reserved' })
        .update({ status: 'available', order_id: null, reserved_until: null });
    }
    released += await trx('pubg_codes')
      .whereRaw('order_id = any(?)', [ids])
      .andWhere({ status: 'reserved' })
      .update({ status: 'available', order_id: null });
    return released;
  },
};
