import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { GatewayEvent, Payment, RowOf } from '../../models';
import { GatewayRateLimitedError, GatewayRequestError, type GatewayPaymentState, type PaymentGateway, type PaymentGateways } from '../../providers/payment';
import { cancelUnpaid, lockOrder, markPaid, type LockedOrder } from '../orders/order-lifecycle';
import { flagForOperator } from '../orders/order-attention';
import { recordOrderEvent } from '../orders/order-events';
import { declineNotice } from './decline-notices';
import { paymentsDal } from './payments.dal';
import { createRefundsService, requestCardRefund } from './refunds';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

import type { OrderNotice } from '@topup/common/api';

const LATE_PAYMENT_CANCELLED: OrderNotice = { code: 'LATE_PAYMENT_CANCELLED', params: {} };

/** What applying one event did, for logs and tests. */
export type CallbackOutcome =
  | 'already-processed'
  | 'unknown-event'
  | 'unknown-payment'
  | 'amount-mismatch'
  | 'already-paid'
  | 'paid'
  | 'late-refund'
  | 'declined'
  | 'ignored'
  | 'test-payment';

/** What reading a payment back from its gateway did. */
export type PaymentCheckOutcome = CallbackOutcome | 'still-pending' | 'not-ours' | 'not-checkable';

/**
 * How many payments one sweep reads back at most, one after the other (the next sweep takes the
 * rest): with each payment's back-off, the store stays far below YooKassa's request limits.
 */
const POLL_BATCH = 50;

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

  /**
   * The gateway reported an amount or currency other than the payment's: nothing is applied (nor
   * captured), and the order is flagged for an operator (the back office's "Needs attention") with
   * what was reported. A flagged pending order waits for that person: its hold's expiry skips it.
   */
  async function rejectMismatch(
    trx: Knex.Transaction,
    order: LockedOrder,
    payment: RowOf<Payment>,
    got: { amount: unknown; currency: unknown },
  ): Promise<CallbackOutcome> {
    const facts = { cause: 'payment_mismatch', paymentId: payment.id, expected: { amount: payment.amount, currency: payment.currency }, got };
    await flagForOperator(trx, order.id, "The gateway reported another amount or currency than the payment's", facts);
    logger.error(facts, 'Gateway reported a payment of a different amount or currency; not applied, order flagged');
    return 'amount-mismatch';
  }

  /**
   * Money received: fulfil the order while it still holds its codes, else send it back the way it was
   * paid. A pending order holds its codes past its hold's end when the gateway reported the payment
   * paid (or the store decided to capture it) before the hold's expiry could release them.
   */
  async function applySucceeded(
    trx: Knex.Transaction,
    event: RowOf<GatewayEvent>,
    payment: RowOf<Payment>,
    order: LockedOrder,
  ): Promise<CallbackOutcome> {
    if (payment.status === 'paid' || payment.status === 'refunded') {
      logger.warn({ gatewayEventId: event.id, paymentId: payment.id }, 'Payment already applied; event ignored');
      return 'already-paid';
    }

    await paymentsDal.markPaymentPaid(trx, payment.id);
    const received = { paymentId: payment.id, amount: payment.amount, currency: payment.currency };
    const holdsCodes = order.hold_active || payment.capture_key !== null || payment.gateway_status === 'succeeded';
    if (order.status === 'pending' && holdsCodes) {
      await recordOrderEvent(trx, order.id, 'payment_succeeded', received);
      await markPaid(trx, order);
      logger.info({ orderId: order.id, paymentId: payment.id }, 'Card payment received; order sent to fulfilment');
      return 'paid';
    }

    // The codes may be sold to someone else by now: the money goes back the way it came (a refund
    // the gateway refuses is credited to the balance by the refund itself).
    const notice: OrderNotice = { code: 'LATE_PAYMENT_REFUNDED', params: { refund: { amount: order.total, currency: order.currency } } };
    await recordOrderEvent(trx, order.id, 'payment_late', { ...received, notices: [notice] });
    if (order.status === 'pending') {
      await cancelUnpaid(trx, [order.id], { notice, paymentStatus: 'expired' });
      await catalogueChanges.ofOrders(trx, [order.id]);
    } else {
      await paymentsDal.addNotice(trx, order.id, notice);
    }
    await requestCardRefund(trx, { orderId: order.id, orderAmount: order.total, reason: 'The payment arrived after the order had expired' });
    logger.warn({ orderId: order.id, paymentId: payment.id, status: order.status }, 'Late payment sent back the way it was paid');
    return 'late-refund';
  }

  async function applyDeclined(
    trx: Knex.Transaction,
    event: RowOf<GatewayEvent>,
    payment: RowOf<Payment>,
    order: LockedOrder,
  ): Promise<CallbackOutcome> {
    if (payment.status !== 'pending') return 'ignored';
    // A payment read back from the gateway keeps the gateway's answer in the event's body.
    const { body } = event.payload as { body?: { cancellationReason?: unknown } };
    const reason = typeof body?.cancellationReason === 'string' ? body.cancellationReason : undefined;
    const notice = declineNotice(payment.method, reason);
    await paymentsDal.setPaymentStatus(trx, payment.id, 'declined');
    await recordOrderEvent(trx, order.id, 'payment_declined', { paymentId: payment.id, notices: [notice] });
    const released = await cancelUnpaid(trx, [order.id], { notice, paymentStatus: 'declined' });
    await catalogueChanges.ofOrders(trx, [order.id]);
    logger.info({ orderId: order.id, paymentId: payment.id, released, reason }, 'Gateway payment declined; order cancelled');
    return 'declined';
  }

  /**
   * Locks the event's order, then its payment (the order reservation expiry locks them in), and applies
   * it when it reports the payment's own amount and currency.
   */
  async function applyEvent(trx: Knex.Transaction, event: RowOf<GatewayEvent>): Promise<CallbackOutcome> {
    const known = event.payment_id === null ? undefined : await paymentsDal.findPayment(trx, event.payment_id);
    const order = known?.order_id == null ? undefined : await lockOrder(trx, known.order_id);
    const payment = known && (await paymentsDal.lockPayment(trx, known.id));
    if (!payment || !order) {
      logger.error({ gatewayEventId: event.id, provider: event.provider, payload: event.payload }, 'Gateway event for an unknown payment');
      return 'unknown-payment';
    }
    // A decline is checked like a success: an event that names another sum is about another payment.
    const { amount, currency } = event.payload as { amount?: unknown; currency?: unknown };
    if (amount !== payment.amount || currency !== payment.currency) return rejectMismatch(trx, order, payment, { amount, currency });
    switch (event.event_type) {
      case 'payment.succeeded':
        return applySucceeded(trx, event, payment, order);
      case 'payment.declined':
        return applyDeclined(trx, event, payment, order);
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

  /** Applies a final state the gateway reported, once: the event id is the payment's id and that state. */
  async function applyFinal(payment: RowOf<Payment>, state: GatewayPaymentState): Promise<PaymentCheckOutcome> {
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
   * A payment held for capture (two-stage): captured while its order holds its codes, else cancelled
   * so no money moves (the order cancelled too if its hold has ended). The decision is recorded once,
   * with the idempotence key it is sent with, so a retry after a failure repeats the same call and
   * never captures twice; then what the gateway answers is applied.
   */
  async function settleHeldPayment(payment: RowOf<Payment>, state: GatewayPaymentState, gateway: PaymentGateway): Promise<PaymentCheckOutcome> {
    const { capturePayment, cancelPayment } = gateway;
    if (!capturePayment || !cancelPayment) throw new Error(`Gateway ${gateway.name} holds payments it cannot capture`);
    const orderId = payment.order_id;
    if (orderId === null) return 'unknown-payment';
    const decided = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      const locked = await paymentsDal.lockPayment(trx, payment.id);
      if (!order || !locked) return undefined;
      if (state.amount !== locked.amount || state.currency !== locked.currency) {
        return rejectMismatch(trx, order, locked, { amount: state.amount, currency: state.currency });
      }
      const holding = order.status === 'pending' && (order.hold_active || locked.capture_key !== null);
      const decision = await paymentsDal.decideCapture(trx, locked, holding ? 'capture' : 'cancel');
      if (decision.decision === 'cancel' && locked.cancel_key === null) await cancelLateHold(trx, order, payment.id);
      return decision;
    });
    if (!decided) return 'unknown-payment';
    if (typeof decided === 'string') return decided;
    const request = { providerPaymentId: state.providerPaymentId, idempotenceKey: decided.key };
    const answer = await (
      decided.decision === 'capture' ? capturePayment({ ...request, amount: payment.amount, currency: payment.currency }) : cancelPayment(request)
    ).catch(async (err: unknown) => {
      // Refused for good (not a network failure): a person looks at it, and the sweep keeps reading it.
      if (err instanceof GatewayRequestError) {
        const facts = { cause: 'payment_refused', paymentId: payment.id, decision: decided.decision, status: err.status, code: err.code };
        await db.transaction((trx) => flagForOperator(trx, orderId, `The gateway refused to ${decided.decision} the payment: ${err.message}`, facts));
      }
      throw err;
    });
    logger.info({ paymentId: payment.id, orderId: payment.order_id, decision: decided.decision, status: answer.status }, 'Held payment settled');
    await paymentsDal.recordGatewayStatus(db, payment.id, answer.status);
    if (answer.status === 'waiting_for_capture' || answer.status === 'pending') return 'still-pending';
    return applyFinal(payment, answer);
  }

  /** The shopper paid after the order's hold ended: the held money is released, and they are told so. */
  async function cancelLateHold(trx: Knex.Transaction, order: LockedOrder, paymentId: number): Promise<void> {
    await recordOrderEvent(trx, order.id, 'payment_declined', { paymentId, notices: [LATE_PAYMENT_CANCELLED] });
    if (order.status === 'pending') {
      await cancelUnpaid(trx, [order.id], { notice: LATE_PAYMENT_CANCELLED, paymentStatus: 'expired' });
      await catalogueChanges.ofOrders(trx, [order.id]);
    } else {
      await paymentsDal.addNotice(trx, order.id, LATE_PAYMENT_CANCELLED);
    }
  }

  /**
   * Reads a payment back from a gateway whose notifications are unsigned hints, and applies what the
   * gateway itself says. What it says is recorded first, on its own: the hold's expiry never cancels
   * an order whose payment the gateway reports paid, and the sweep reads a final state back until it
   * is applied. Applying it (the payment, the order and the event marked processed) is one
   * transaction. The applied state is deduplicated, not the notifications: the event id is the
   * payment's id and its final status, so a hint that found the payment still pending never stops a
   * later one from completing the order, and a final state is applied once however many hints or
   * polls see it. `notified`: a gateway notification asked for this read, so the back-off starts again.
   */
  async function checkPayment(paymentId: number, options: { notified?: boolean } = {}): Promise<PaymentCheckOutcome> {
    const payment = await paymentsDal.findPayment(db, paymentId);
    const gateway = payment && gateways.byName(payment.provider);
    if (!payment?.provider_payment_id || !gateway?.getPayment) return 'not-checkable';
    const state = await gateway.getPayment(payment.provider_payment_id);
    if (belongsElsewhere(state, payment)) {
      logger.error({ paymentId, providerPaymentId: payment.provider_payment_id, got: state }, 'Gateway answered for another payment; not applied');
      return 'not-ours';
    }
    if (state.test && gateway.capabilities.refusesTestPayments) return refuseTestPayment(payment, state);
    await paymentsDal.recordGatewayStatus(db, payment.id, state.status, options);
    if (state.status === 'pending') return 'still-pending';
    if (state.status === 'waiting_for_capture') return settleHeldPayment(payment, state, gateway);
    // Only a paid payment has refunds: a refund.succeeded hint lands here.
    if (state.status === 'succeeded') await settleRefundsOf(payment.id);
    return applyFinal(payment, state);
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
    async pollOpenPayments(): Promise<{ payments: number; refunds: number; failures: number; rateLimited: boolean }> {
      const checkable = gateways.all.filter((gateway) => gateway.getPayment).map((gateway) => gateway.name);
      const paymentIds = await paymentsDal.unsettledPayments(db, checkable, POLL_BATCH);
      const refundIds = await refunds.staleRefunds(POLL_BATCH);
      let failures = 0;
      let rateLimited = false;
      const attempt = async (what: string, work: () => Promise<unknown>) => {
        // Turned away as too many: every further call now would be too, so the rest wait for the next sweep.
        if (rateLimited) return;
        try {
          await work();
        } catch (err) {
          failures += 1;
          rateLimited = err instanceof GatewayRateLimitedError;
          logger.warn({ err: (err as Error).message, what }, 'Open payment not settled this time');
        }
      };
      for (const id of paymentIds) await attempt(`payment:${id}`, () => checkPayment(id));
      for (const id of refundIds) await attempt(`refund:${id}`, () => refunds.sendRefund(id));
      return { payments: paymentIds.length, refunds: refundIds.length, failures, rateLimited };
    },
  };
}

export type PaymentCallbackService = ReturnType<typeof createPaymentCallbackService>;
