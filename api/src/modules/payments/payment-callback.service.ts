import type { Knex } from 'knex';
import { changeBalance } from '@topup/server-kit';
import type { Logger } from '../../logger';
import type { GatewayEvent, Payment, RowOf } from '../../models';
import type { GatewayPaymentState, PaymentGateways } from '../../providers/payment';
import { cancelUnpaid, lockOrder, markPaid, type LockedOrder } from '../orders/order-lifecycle';
import { flagForOperator } from '../orders/order-attention';
import { recordOrderEvent } from '../orders/order-events';
import { paymentsDal } from './payments.dal';
import { createRefundsService } from './refunds';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

import type { OrderNotice } from '@topup/common/api';

const LATE_PAYMENT: OrderNotice = { code: 'LATE_PAYMENT_CREDITED', params: {} };
const DECLINED: OrderNotice = { code: 'CARD_DECLINED', params: {} };

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
  | 'ignored'
  | 'test-payment';

/** What reading a payment back from its gateway did. */
export type PaymentCheckOutcome = CallbackOutcome | 'still-pending' | 'not-ours' | 'not-checkable';

/** How many open payments and refunds one poll settles at most (the next poll takes the rest). */
const POLL_BATCH = 100;

/**
 * A payment whose gateway answer names another payment or order than ours: a forged or mixed-up
 * notification, never applied.
 */
function belongsElsewhere(state: GatewayPaymentState, payment: RowOf<Payment>): boolean {
  return (
    state.providerPaymentId !== payment.provider_payment_id ||
    (state.paymentId !== undefined && state.paymentId !== payment.id) ||
    (state.orderId !== undefined && state.orderId !== payment.order_id)
  );
}

export function createPaymentCallbackService(deps: {
  db: Knex;
  logger: Logger;
  gateways: PaymentGateways;
  catalogueChanges: CatalogueChanges;
}) {
  const { db, logger, gateways, catalogueChanges } = deps;
  const refunds = createRefundsService({ db, gateways, logger });

  /** Money received: fulfil the order while it still holds its codes, else credit the shopper's balance. */
  async function applySucceeded(
    trx: Knex.Transaction,
    event: RowOf<GatewayEvent>,
    payment: RowOf<Payment>,
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
    const received = { paymentId: payment.id, amount: payment.amount, currency: payment.currency };
    if (order.status === 'pending' && order.hold_active) {
      await recordOrderEvent(trx, order.id, 'payment_succeeded', received);
      await markPaid(trx, order);
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
    await recordOrderEvent(trx, order.id, 'payment_late', { ...received, notices: [LATE_PAYMENT] });
    if (order.status === 'pending') {
      await cancelUnpaid(trx, [order.id], { notice: LATE_PAYMENT, paymentStatus: 'expired' });
      await catalogueChanges.ofOrders(trx, [order.id]);
    } else if (order.status === 'cancelled') {
      await paymentsDal.addNotice(trx, order.id, LATE_PAYMENT);
    }
    logger.warn({ orderId: order.id, paymentId: payment.id, status: order.status }, 'Late card payment credited to the balance');
    return 'late-credit';
  }

  async function applyDeclined(trx: Knex.Transaction, payment: RowOf<Payment>, order: LockedOrder): Promise<CallbackOutcome> {
    if (payment.status !== 'pending') return 'ignored';
    await paymentsDal.setPaymentStatus(trx, payment.id, 'declined');
    await recordOrderEvent(trx, order.id, 'payment_declined', { paymentId: payment.id, notices: [DECLINED] });
    const released = await cancelUnpaid(trx, [order.id], { notice: DECLINED, paymentStatus: 'declined' });
    await catalogueChanges.ofOrders(trx, [order.id]);
    logger.info({ orderId: order.id, paymentId: payment.id, released }, 'Card payment declined; order cancelled');
    return 'declined';
  }

  /** Locks the event's order, then its payment (the order reservation expiry locks them in), and applies it. */
  async function applyEvent(trx: Knex.Transaction, event: RowOf<GatewayEvent>): Promise<CallbackOutcome> {
    const known = event.payment_id === null ? undefined : await paymentsDal.findPayment(trx, event.payment_id);
    const order = known?.order_id == null ? undefined : await lockOrder(trx, known.order_id);
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

  /** Applies a stored event once, under its lock: processed_at marks it done. */
  async function applyLockedEvent(trx: Knex.Transaction, gatewayEventId: number): Promise<CallbackOutcome> {
    const event = await paymentsDal.lockGatewayEvent(trx, gatewayEventId);
    if (!event) {
      logger.warn({ gatewayEventId }, 'Payment callback skipped: no such gateway event');
      return 'unknown-event';
    }
    if (event.processed_at) return 'already-processed';
    const outcome = await applyEvent(trx, event);
    await paymentsDal.markEventProcessed(trx, event.id);
    return outcome;
  }

  /**
   * Reads a payment back from a gateway whose notifications are unsigned hints, and applies what the
   * gateway itself says. The applied state is deduplicated, not the notifications: the event id is
   * the payment's id and its final status, so a hint that found the payment still pending never
   * stops a later one from completing the order, and a final state is applied once however many
   * hints or polls see it.
   */
  async function checkPayment(paymentId: number): Promise<PaymentCheckOutcome> {
    const payment = await paymentsDal.findPayment(db, paymentId);
    const gateway = payment && gateways.byName(payment.provider);
    if (!payment?.provider_payment_id || !gateway?.getPayment) return 'not-checkable';
    const state = await gateway.getPayment(payment.provider_payment_id);
    if (belongsElsewhere(state, payment)) {
      logger.error({ paymentId, providerPaymentId: payment.provider_payment_id, got: state }, 'Gateway answered for another payment; not applied');
      return 'not-ours';
    }
    if (state.test && gateway.capabilities.refusesTestPayments) return refuseTestPayment(payment, state);
    await paymentsDal.recordGatewayStatus(db, payment.id, state.status);
    if (state.status === 'pending') return 'still-pending';
    // Only a paid payment has refunds: a refund.succeeded hint lands here.
    if (state.status === 'succeeded') await settleRefundsOf(payment.id);

    return db.transaction(async (trx) => {
      const gatewayEventId = await paymentsDal.insertGatewayEvent(trx, {
        provider: payment.provider,
        providerEventId: `${payment.provider_payment_id}:${state.status}`,
        paymentId: payment.id,
        eventType: state.status === 'succeeded' ? 'payment.succeeded' : 'payment.declined',
        payload: { amount: state.amount, currency: state.currency, provider_payment_id: state.providerPaymentId, body: { ...state } },
      });
      if (gatewayEventId === undefined) return 'already-processed';
      return applyLockedEvent(trx, gatewayEventId);
    });
  }

  /**
   * A payment made in the gateway's test mode (published test cards, no money) reaching a production
   * store: never applied, and its order flagged for an operator once.
   */
  async function refuseTestPayment(payment: RowOf<Payment>, state: GatewayPaymentState): Promise<PaymentCheckOutcome> {
    if (payment.order_id === null) return 'test-payment';
    const orderId = payment.order_id;
    const flagged = await db.transaction((trx) =>
      flagForOperator(trx, orderId, 'The gateway reports a test payment (no money moved); not applied', {
        paymentId: payment.id,
        providerPaymentId: state.providerPaymentId,
      }),
    );
    if (flagged) logger.error({ paymentId: payment.id, orderId, status: state.status }, 'Test payment reported to a production store; not applied');
    return 'test-payment';
  }

  /** Pending refunds of a payment the gateway may have settled meanwhile (a refund.succeeded hint). */
  async function settleRefundsOf(paymentId: number): Promise<void> {
    const pending: Array<{ id: number }> = await db('payment_refunds').select('id').where({ payment_id: paymentId, status: 'pending' });
    for (const { id } of pending) await refunds.sendRefund(id);
  }

  return {
    /**
     * Applies one stored gateway event (the payment-callback job). Idempotent by event: the event row
     * is locked and processed_at marks it done, so a repeated or concurrent run changes nothing.
     */
    applyGatewayEvent: (gatewayEventId: number): Promise<CallbackOutcome> => db.transaction((trx) => applyLockedEvent(trx, gatewayEventId)),

    checkPayment,

    sendRefund: refunds.sendRefund,

    /**
     * The schedule's sweep: payments of hint-only gateways still open are read back (so a lost
     * notification never strands an order or the money), and refunds still pending are sent again.
     * One failing payment does not stop the rest.
     */
    async pollOpenPayments(): Promise<{ payments: number; refunds: number; failures: number }> {
      const checkable = gateways.all.filter((gateway) => gateway.getPayment).map((gateway) => gateway.name);
      const paymentIds = await paymentsDal.unsettledPayments(db, checkable, POLL_BATCH);
      const refundIds = await refunds.staleRefunds(POLL_BATCH);
      let failures = 0;
      const attempt = async (what: string, work: () => Promise<unknown>) => {
        try {
          await work();
        } catch (err) {
          failures += 1;
          logger.warn({ err: (err as Error).message, what }, 'Open payment not settled this time');
        }
      };
      for (const id of paymentIds) await attempt(`payment:${id}`, () => checkPayment(id));
      for (const id of refundIds) await attempt(`refund:${id}`, () => refunds.sendRefund(id));
      return { payments: paymentIds.length, refunds: refundIds.length, failures };
    },
  };
}

export type PaymentCallbackService = ReturnType<typeof createPaymentCallbackService>;
