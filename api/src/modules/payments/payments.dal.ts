import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { OrderCurrency, PaymentStatus } from '@topup/common';
import { GatewayEvent, Payment, type Order, type RowOf } from '../../models';
import type { GatewayMethod, GatewayPaymentState } from '../../providers/payment';
import type { OrderNotice } from '@topup/common/api';
import { appendNotices } from '../orders/order-notices';

/** The longest the sweep waits before reading an open payment back again. */
const MAX_CHECK_INTERVAL_MINUTES = 60;

export interface NewPayment {
  userId: number;
  orderId: number;
  provider: string;
  method: GatewayMethod;
  /** Minor units of `currency`, the currency the gateway charges in. */
  amount: number;
  currency: OrderCurrency;
  /** The payment expires with the order's hold: this long from now. */
  holdSeconds: number;
  /** Where the fiscal receipt goes, when the gateway sends one. */
  receiptEmail?: string;
}

/** An order's gateway payment as the gateway is asked to start it (again, after a crash). Amount in minor units. */
export interface PaymentToStart {
  id: number;
  provider: string;
  /** The gateway's idempotence key: a repeated create answers the payment already made. */
  idempotence_key: string;
  amount: number;
  currency: OrderCurrency;
  method: GatewayMethod;
  pay_url: string | null;
  order_status: Order['status'];
  rate_usd_rub: string;
  /** Shown on the pay page: the top-up's offer, or "Order #42" for codes. */
  description: string;
}

export interface NewGatewayEvent {
  provider: string;
  providerEventId: string;
  paymentId: number | null;
  eventType: string;
  payload: Record<string, unknown>;
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
        method: payment.method,
        receipt_email: payment.receiptEmail ?? null,
        status: 'pending',
        expires_at: trx.raw('now() + make_interval(secs => ?)', [payment.holdSeconds]),
      })
      .returning<{ id: number }[]>('id');
    if (!row) throw new Error('payments insert returned no row');
    return row.id;
  },

  /** The order's (latest) gateway payment, with what the gateway is told of it. */
  paymentToStart: (db: Knex, orderId: number): Promise<PaymentToStart | undefined> =>
    db('payments as p')
      .join('orders as o', 'o.id', 'p.order_id')
      .where('p.order_id', orderId)
      .orderBy('p.id', 'desc')
      .first(
        'p.id',
        'p.provider',
        'p.idempotence_key',
        'p.amount',
        'p.currency',
        'p.method',
        'p.pay_url',
        'o.status as order_status',
        'o.rate_usd_rub',
        db.raw(
          `CASE o.kind WHEN 'topup'
             THEN (SELECT i.topup_data ->> 'offer_name' FROM order_items i WHERE i.order_id = o.id ORDER BY i.id LIMIT 1)
             ELSE 'Order #' || o.id END AS description`,
        ),
      ),

  /** Records the gateway's id and pay page of a payment it has accepted. */
  attachGatewayPayment: (db: Knex, paymentId: number, providerPaymentId: string, payUrl: string) =>
    db('payments')
      .where({ id: paymentId })
      .update({ provider_payment_id: providerPaymentId, pay_url: payUrl, updated_at: db.fn.now() }),

  /** The payment a gateway's id names, with the sum it is for. */
  async gatewayPayment(db: Knex, provider: string, providerPaymentId: string): Promise<Pick<Payment, 'id' | 'amount' | 'currency'> | undefined> {
    return Payment.query(db).findOne({ provider, provider_payment_id: providerPaymentId }).select('id', 'amount', 'currency');
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
  lockGatewayEvent: (trx: Knex.Transaction, eventId: number) => GatewayEvent.query(trx).findById(eventId).forUpdate(),

  markEventProcessed: (trx: Knex.Transaction, eventId: number) =>
    trx('gateway_events').where({ id: eventId }).update({ processed_at: trx.fn.now() }),

  findPayment: (db: Knex, paymentId: number) => Payment.query(db).findById(paymentId),

  lockPayment: (trx: Knex.Transaction, paymentId: number) => Payment.query(trx).findById(paymentId).forUpdate(),

  /** The order's gateway payment that was paid (one at most: an order has one payment). */
  paidPaymentOfOrder: (trx: Knex.Transaction, orderId: number) =>
    Payment.query(trx).where({ order_id: orderId }).whereIn('status', ['paid', 'refunded']).forUpdate().first(),

  /**
   * What the gateway said of a payment, recorded as soon as it is read (before anything is applied),
   * and when to read it again: 1, 2, 4 ... minutes after this read, at most an hour. A read caused by a
   * gateway notification starts the back-off again.
   */
  recordGatewayStatus: (db: Knex, paymentId: number, status: GatewayPaymentState['status'], options: { notified?: boolean } = {}) =>
    db('payments')
      .where({ id: paymentId })
      .update({
        gateway_status: status,
        gateway_checked_at: db.fn.now(),
        gateway_checks: options.notified ? 1 : db.raw('gateway_checks + 1'),
        gateway_next_check_at: db.raw('now() + make_interval(mins => least(power(2, ?)::int, ?))', [
          options.notified ? 0 : db.raw('least(gateway_checks, 6)'),
          MAX_CHECK_INTERVAL_MINUTES,
        ]),
      }),

  /**
   * Payments of these gateways the sweep should read back now, the longest-waiting first: open at the
   * gateway (not read yet, pending, or held for capture) for up to two days, and any the gateway
   * reports final that the store has not applied yet (a failed apply), until it is applied.
   */
  async unsettledPayments(db: Knex, providers: string[], limit: number): Promise<number[]> {
    if (providers.length === 0) return [];
    const rows: Array<Pick<Payment, 'id'>> = await db('payments')
      .select('id')
      .whereIn('provider', providers)
      .whereNotNull('provider_payment_id')
      .andWhere(
        (where) =>
          void where
            .where(
              (open) =>
                void open
                  .where((status) => void status.whereNull('gateway_status').orWhereIn('gateway_status', ['pending', 'waiting_for_capture']))
                  .andWhere('created_at', '>', db.raw("now() - interval '2 days'")),
            )
            .orWhere((unapplied) => void unapplied.whereIn('gateway_status', ['succeeded', 'canceled']).andWhere('status', 'pending')),
      )
      .andWhere((due) => void due.whereNull('gateway_next_check_at').orWhere('gateway_next_check_at', '<=', db.fn.now()))
      .orderByRaw('gateway_next_check_at NULLS FIRST, id')
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /**
   * Records the store's decision on a payment held for capture, once: the first decision stands, so a
   * capture decided while the order held its codes is carried out even after the hold ends, and a
   * cancellation is never turned into a capture. Resolves to the decision and its idempotence key.
   */
  async decideCapture(trx: Knex.Transaction, payment: RowOf<Payment>, decision: 'capture' | 'cancel'): Promise<{ decision: 'capture' | 'cancel'; key: string }> {
    if (payment.capture_key) return { decision: 'capture', key: payment.capture_key };
    if (payment.cancel_key) return { decision: 'cancel', key: payment.cancel_key };
    const key = randomUUID();
    await trx('payments')
      .where({ id: payment.id })
      .update({ [decision === 'capture' ? 'capture_key' : 'cancel_key']: key, updated_at: trx.fn.now() });
    return { decision, key };
  },

  markPaymentPaid: (trx: Knex.Transaction, paymentId: number) =>
    trx('payments')
      .where({ id: paymentId })
      .update({ status: 'paid', paid_at: trx.fn.now(), updated_at: trx.fn.now() }),

  setPaymentStatus: (trx: Knex.Transaction, paymentId: number, status: PaymentStatus) =>
    trx('payments').where({ id: paymentId }).update({ status, updated_at: trx.fn.now() }),

  addNotice: (trx: Knex.Transaction, orderId: number, notice: OrderNotice) =>
    trx('orders').where({ id: orderId }).update({ notices: appendNotices(trx, [notice]), updated_at: trx.fn.now() }),

  /**
   * Unpaid orders whose hold has ended, oldest first, locked; orders locked elsewhere are skipped, and
   * so are orders whose payment the gateway has reported paid, or the store decided to capture, while
   * that is not applied yet (the sweep applies it), and orders flagged for a person (docs/architecture.md, "Payments").
   */
  async lockLapsedOrders(trx: Knex.Transaction, limit: number): Promise<number[]> {
    const rows: Array<Pick<Order, 'id'>> = await trx('orders as o')
      .select('o.id')
      .where('o.status', 'pending')
      .andWhere('o.hold_expires_at', '<', trx.fn.now())
      .whereNull('o.attention_since')
      .whereNotExists(
        trx('payments as p')
          .whereRaw('p.order_id = o.id')
          .andWhere('p.status', 'pending')
          .andWhere((paid) => void paid.where('p.gateway_status', 'succeeded').orWhereNotNull('p.capture_key')),
      )
      .orderBy('o.hold_expires_at')
      .limit(limit)
      .forUpdate('o')
      .skipLocked();
    return rows.map((row) => row.id);
  },
};
