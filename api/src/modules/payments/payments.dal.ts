import type { Knex } from 'knex';
import type { BalanceCurrency, OrderStatus, PaymentStatus } from '@topup/common';
import type { OrderKind } from '../../models';
import { CART_MAX_QUANTITY } from '../cart/cart.schemas';

export interface NewPayment {
  userId: number;
  orderId: number;
  provider: string;
  /** Minor units. */
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
  amount: number;
  currency: BalanceCurrency;
  status: PaymentStatus;
}

export interface LockedOrder {
  id: number;
  user_id: number;
  status: OrderStatus;
  kind: OrderKind;
  /** The order still holds its codes: its hold has not ended (by the database clock). */
  hold_active: boolean;
}

/** Closes unpaid orders: why, and what their still-pending payments become. */
export interface UnpaidOrderClosing {
  reason: string;
  paymentStatus: Extract<PaymentStatus, 'declined' | 'expired'>;
}

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

  findPayment: (trx: Knex.Transaction, paymentId: number): Promise<PaymentRow | undefined> =>
    trx('payments').select('id', 'user_id', 'order_id', 'provider', 'amount', 'currency', 'status').where({ id: paymentId }).first(),

  lockPayment: (trx: Knex.Transaction, paymentId: number): Promise<PaymentRow | undefined> =>
    trx('payments')
      .select('id', 'user_id', 'order_id', 'provider', 'amount', 'currency', 'status')
      .where({ id: paymentId })
      .forUpdate()
      .first(),

  lockOrder: (trx: Knex.Transaction, orderId: number): Promise<LockedOrder | undefined> =>
    trx('orders')
      .select(
        'id',
        'user_id',
        'status',
        'kind',
        trx.raw('coalesce(hold_expires_at > now(), false) as hold_active'),
      )
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
   * so a paid order's codes are never released. The codes become available again and leave the
   * order items (a code may sit in one order item ever); the items stay as the order's record.
   * Resolves to the number of codes released.
   */
  async cancelUnpaidOrders(trx: Knex.Transaction, orderIds: number[], closing: UnpaidOrderClosing): Promise<number> {
    if (orderIds.length === 0) return 0;
    const pending: Array<{ id: number }> = await trx('orders')
      .whereRaw('id = any(?)', [orderIds])
      .andWhere({ status: 'pending' })
      .update({ status: 'cancelled', failure_reason: closing.reason, updated_at: trx.fn.now() })
      .returning('id');
    const ids = pending.map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx('payments')
      .whereRaw('order_id = any(?)', [ids])
      .andWhere({ status: 'pending' })
      .update({ status: closing.paymentStatus, updated_at: trx.fn.now() });
    await trx('order_items')
      .whereRaw('order_id = any(?)', [ids])
      .andWhere((where) => where.whereNotNull('code_id').orWhereNotNull('generated_code_id'))
      .update({ code_id: null, generated_code_id: null });
    let released = 0;
    for (const table of ['codes', 'generated_codes']) {
      released += await trx(table)
        .whereRaw('order_id = any(?)', [ids])
        .andWhere({ status: 'reserved' })
        .update({ status: 'available', order_id: null, reserved_until: null });
    }
    return released;
  },

  /**
   * Puts an order's code items back in the user's cart (one line per price option), for a payment
   * that could not even be started. Adds to lines already there, within the cart's limit.
   */
  restoreCart: (trx: Knex.Transaction, userId: number, orderId: number) =>
    trx.raw(
      `INSERT INTO cart_items (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
       SELECT :userId, product_id, region_id, game_amount, price_usd, price_rub, least(count(*), :cap)
         FROM order_items
        WHERE order_id = :orderId AND item_type = 'code' AND product_id IS NOT NULL AND game_amount IS NOT NULL
        GROUP BY product_id, region_id, game_amount, price_usd, price_rub
       ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub)
       DO UPDATE SET quantity = least(cart_items.quantity + excluded.quantity, :cap), updated_at = now()`,
      { userId, orderId, cap: CART_MAX_QUANTITY },
    ),
};
