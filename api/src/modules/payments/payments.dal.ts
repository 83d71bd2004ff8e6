import type { Knex } from 'knex';
import type { BalanceCurrency, PaymentStatus } from '@topup/common';
import { GatewayEvent, Payment, type Order } from '../../models';
import type { GatewayMethod } from '../../providers/payment';
import type { OrderNotice } from '@topup/common/api';
import { appendNotices } from '../orders/order-notices';

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
  /** Where the fiscal receipt goes, when the gateway sends one. */
  receiptEmail?: string;
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

  /** Records the gateway's id and pay page of a payment it has accepted. */
  attachGatewayPayment: (db: Knex, paymentId: number, providerPaymentId: string, payUrl: string) =>
    db('payments')
      .where({ id: paymentId })
      .update({ provider_payment_id: providerPaymentId, pay_url: payUrl, updated_at: db.fn.now() }),

  async paymentIdOf(db: Knex, provider: string, providerPaymentId: string): Promise<number | undefined> {
    const row = await Payment.query(db).findOne({ provider, provider_payment_id: providerPaymentId }).select('id');
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
  lockGatewayEvent: (trx: Knex.Transaction, eventId: number) => GatewayEvent.query(trx).findById(eventId).forUpdate(),

  markEventProcessed: (trx: Knex.Transaction, eventId: number) =>
    trx('gateway_events').where({ id: eventId }).update({ processed_at: trx.fn.now() }),

  findPayment: (db: Knex, paymentId: number) => Payment.query(db).findById(paymentId),

  lockPayment: (trx: Knex.Transaction, paymentId: number) => Payment.query(trx).findById(paymentId).forUpdate(),

  /** The order's gateway payment that was paid (one at most: an order has one payment). */
  paidPaymentOfOrder: (trx: Knex.Transaction, orderId: number) =>
    Payment.query(trx).where({ order_id: orderId }).whereIn('status', ['paid', 'refunded']).forUpdate().first(),

  /** What the gateway said of a payment when it was last read back. */
  recordGatewayStatus: (db: Knex, paymentId: number, status: 'pending' | 'succeeded' | 'canceled') =>
    db('payments').where({ id: paymentId }).update({ gateway_status: status, gateway_checked_at: db.fn.now() }),

  /**
   * Payments of these gateways that have not settled on the gateway's side yet, oldest checked first:
   * still pending, or closed by the store (declined, expired) while the gateway may yet take the money.
   */
  async unsettledPayments(db: Knex, providers: string[], limit: number): Promise<number[]> {
    if (providers.length === 0) return [];
    const rows: Array<Pick<Payment, 'id'>> = await db('payments')
      .select('id')
      .whereIn('provider', providers)
      .whereNotNull('provider_payment_id')
      .andWhere((where) => void where.whereNull('gateway_status').orWhere('gateway_status', 'pending'))
      .andWhere('created_at', '>', db.raw("now() - interval '2 days'"))
      .orderByRaw('gateway_checked_at NULLS FIRST')
      .limit(limit);
    return rows.map((row) => row.id);
  },

  markPaymentPaid: (trx: Knex.Transaction, paymentId: number) =>
    trx('payments')
      .where({ id: paymentId })
      .update({ status: 'paid', paid_at: trx.fn.now(), updated_at: trx.fn.now() }),

  setPaymentStatus: (trx: Knex.Transaction, paymentId: number, status: PaymentStatus) =>
    trx('payments').where({ id: paymentId }).update({ status, updated_at: trx.fn.now() }),

  addNotice: (trx: Knex.Transaction, orderId: number, notice: OrderNotice) =>
    trx('orders').where({ id: orderId }).update({ notices: appendNotices(trx, [notice]), updated_at: trx.fn.now() }),

  /** Unpaid orders whose hold has ended, oldest first, locked; orders locked elsewhere are skipped. */
  async lockLapsedOrders(trx: Knex.Transaction, limit: number): Promise<number[]> {
    const rows: Array<Pick<Order, 'id'>> = await trx('orders')
      .select('id')
      .where({ status: 'pending' })
      .andWhere('hold_expires_at', '<', trx.fn.now())
      .orderBy('hold_expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return rows.map((row) => row.id);
  },
};
