import type { Knex } from 'knex';
import { changeBalance } from '../../lib/ledger';
import { enqueueJob } from '../../lib/outbox';
import type { Logger } from '../../logger';
import { PAID_ORDER_HOLD_SECONDS } from '../checkout/checkout.service';
import { paymentsDal, type GatewayEventRow, type LockedOrder, type PaymentRow } from './payments.dal';

export const LATE_PAYMENT_REASON = 'The payment arrived after the order had expired; the amount was credited to your balance';
export const DECLINED_REASON = 'The card payment was declined';

/** What applying one event did, for logs and tests. */
export type CallbackOutcome =
  | 'already-processed'
  | 'unknown-event'
  | 'unknown-payment'
  | 'amount-mismatch'
  | 'already-paid'
  | 'paid'
  | 'late-credit'
  | 'declined'
  | 'ignored';

export function createPaymentCallbackService(deps: { db: Knex; logger: Logger }) {
  const { db, logger } = deps;

  /** Money received: fulfil the order while it still holds its codes, else credit the shopper's balance. */
  async function applySucceeded(
    trx: Knex.Transaction,
    event: GatewayEventRow,
    payment: PaymentRow,
    order: LockedOrder,
  ): Promise<CallbackOutcome> {
    const { amount, currency } = event.payload as { amount?: unknown; currency?: unknown };
    if (amount !== payment.amount || currency !== payment.currency) {
      // Never fulfilled and never credited: the order stays pending until its hold ends.
      logger.error(
        { gatewayEventId: event.id, paymentId: payment.id, expected: { amount: payment.amount, currency: payment.currency }, got: { amount, currency } },
        'Gateway reported a payment of a different amount or currency; not applied',
      );
      return 'amount-mismatch';
    }
    if (payment.status === 'paid' || payment.status === 'refunded') {
      logger.warn({ gatewayEventId: event.id, paymentId: payment.id }, 'Payment already applied; event ignored');
      return 'already-paid';
    }

    await paymentsDal.markPaymentPaid(trx, payment.id);
    if (order.status === 'pending' && order.hold_active) {
      await paymentsDal.markOrderPaid(trx, order.id, PAID_ORDER_HOLD_SECONDS);
      await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: order.id });
      logger.info({ orderId: order.id, paymentId: payment.id }, 'Card payment received; order sent to fulfilment');
      return 'paid';
    }

    // The hold has ended (or the order was closed): the codes may be sold to someone else, so the
    // money goes to the shopper's balance instead of being lost.
    await changeBalance(trx, {
      userId: payment.user_id,
      currency: payment.currency,
      amount: payment.amount,
      reason: 'late_payment_credit',
      reference: `payment:${payment.id}:late-credit`,
      orderId: order.id,
    });
    if (order.status === 'pending') {
      await paymentsDal.cancelUnpaidOrders(trx, [order.id], { reason: LATE_PAYMENT_REASON, paymentStatus: 'expired' });
    } else if (order.status === 'cancelled') {
      await paymentsDal.setFailureReason(trx, order.id, LATE_PAYMENT_REASON);
    }
    logger.warn({ orderId: order.id, paymentId: payment.id, status: order.status }, 'Late card payment credited to the balance');
    return 'late-credit';
  }

  async function applyDeclined(trx: Knex.Transaction, payment: PaymentRow, order: LockedOrder): Promise<CallbackOutcome> {
    if (payment.status !== 'pending') return 'ignored';
    await paymentsDal.setPaymentStatus(trx, payment.id, 'declined');
    const released = await paymentsDal.cancelUnpaidOrders(trx, [order.id], { reason: DECLINED_REASON, paymentStatus: 'declined' });
    logger.info({ orderId: order.id, paymentId: payment.id, released }, 'Card payment declined; order cancelled');
    return 'declined';
  }

  /** Locks the event's order, then its payment (the order reservation expiry locks them in), and applies it. */
  async function applyEvent(trx: Knex.Transaction, event: GatewayEventRow): Promise<CallbackOutcome> {
    const known = event.payment_id === null ? undefined : await paymentsDal.findPayment(trx, event.payment_id);
    const order = known?.order_id == null ? undefined : await paymentsDal.lockOrder(trx, known.order_id);
    const payment = known && (await paymentsDal.lockPayment(trx, known.id));
    if (!payment || !order) {
      logger.error({ gatewayEventId: event.id, provider: event.provider, payload: event.payload }, 'Gateway event for an unknown payment');
      return 'unknown-payment';
    }
    switch (event.event_type) {
      case 'payment.succeeded':
        return applySucceeded(trx, event, payment, order);
      case 'payment.declined':
        return applyDeclined(trx, payment, order);
      default:
        logger.warn({ gatewayEventId: event.id, type: event.event_type }, 'Gateway event of an unhandled type');
        return 'ignored';
    }
  }

  return {
    /**
     * Applies one stored gateway event (the payment-callback job). Idempotent by event: the event row
     * is locked and processed_at marks it done, so a repeated or concurrent run changes nothing.
     */
    applyGatewayEvent: (gatewayEventId: number): Promise<CallbackOutcome> =>
      db.transaction(async (trx) => {
        const event = await paymentsDal.lockGatewayEvent(trx, gatewayEventId);
        if (!event) {
          logger.warn({ gatewayEventId }, 'Payment callback skipped: no such gateway event');
          return 'unknown-event';
        }
        if (event.processed_at) return 'already-processed';

        const outcome = await applyEvent(trx, event);
        await paymentsDal.markEventProcessed(trx, event.id);
        return outcome;
      }),
  };
}

export type PaymentCallbackService = ReturnType<typeof createPaymentCallbackService>;
