import type { Knex } from 'knex';
import { convertMinor, convertMinorInverse, type BalanceCurrency } from '@topup/common';
import { changeBalance, prepared } from '@topup/server-kit';
import { enqueueJob } from '../../lib/outbox';
import type { Logger } from '../../logger';
import type { Order, PaymentRefund, RowOf } from '../../models';
import { GatewayRequestError, type GatewayRefundState, type PaymentGateways } from '../../providers/payment';
import { appendNotices } from '../orders/order-notices';
import { paymentsDal } from './payments.dal';
import { announceOrderChanges } from '../orders/order-feed';

/** Where money goes back to: the shopper's balance (a ledger row) or the card the order was paid with. */
export type RefundDestination = 'balance' | 'card';

export interface RequestedCardRefund {
  refundId: number;
  /** Minor units of `currency`, the payment's currency. */
  amount: number;
  currency: BalanceCurrency;
}

/** Converts an amount of the order's currency to the payment's, at the order's own rate. */
function toPaymentCurrency(amount: number, from: BalanceCurrency, to: BalanceCurrency, rateUsdRub: string): number {
  if (from === to) return amount;
  return from === 'usd' ? convertMinor(amount, rateUsdRub) : convertMinorInverse(amount, rateUsdRub);
}

/**
 * Asks for `orderAmount` (minor units of the order's currency) of a gateway-paid order back to the
 * card, in the caller's transaction: a pending refund row and the job that sends it, so the gateway is
 * never called inside a transaction. Resolves to undefined when the order has no paid gateway payment
 * with anything left to refund (the caller refunds to the balance instead).
 */
export async function requestCardRefund(
  trx: Knex.Transaction,
  request: { orderId: number; orderAmount: number; reason: string; requestedBy?: number },
): Promise<RequestedCardRefund | undefined> {
  const order = await trx('orders')
    .where({ id: request.orderId })
    .first<Pick<Order, 'currency' | 'total' | 'rate_usd_rub'> | undefined>('currency', 'total', 'rate_usd_rub');
  const payment = await paymentsDal.paidPaymentOfOrder(trx, request.orderId);
  if (!order || !payment) return undefined;
  const asked = await trx('payment_refunds')
    .where({ payment_id: payment.id })
    .whereNot({ status: 'failed' })
    .first<{ sum: number }>(trx.raw('coalesce(sum(amount), 0)::bigint as sum'));
  const left = payment.amount - (asked?.sum ?? 0);
  // The whole order back is the whole payment back, whatever a conversion would round to.
  const converted = request.orderAmount >= order.total ? left : toPaymentCurrency(request.orderAmount, order.currency, payment.currency, order.rate_usd_rub);
  const amount = Math.min(converted, left);
  if (amount <= 0) return undefined;

  const [row] = await trx('payment_refunds')
    .insert({
      payment_id: payment.id,
      order_id: request.orderId,
      amount,
      currency: payment.currency,
      order_amount: request.orderAmount,
      reason: request.reason,
      requested_by: request.requestedBy ?? null,
    })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('payment_refunds insert returned no row');
  await enqueueJob(trx, 'payment-callback', 'refund-payment', { refundId: row.id });
  return { refundId: row.id, amount, currency: payment.currency };
}

/**
 * Money given back for an order: to the card (a refund of its payment) or to the balance (a ledger
 * credit, read as a succeeded refund whose reason is the ledger row's note or reason).
 */
export type RefundOfOrder = Pick<PaymentRefund, 'id' | 'amount' | 'currency' | 'status' | 'reason' | 'failure' | 'created_at'> & {
  destination: RefundDestination;
};

/** The order's refunds to the card and credits to the balance, oldest first: the receipt and the back office list them. */
export async function refundsOfOrder(db: Knex, orderId: number): Promise<RefundOfOrder[]> {
  const { rows } = await prepared(
    'orders.refunds',
    db.raw<{ rows: RefundOfOrder[] }>(
      `SELECT id, 'card' AS destination, amount, currency, status, reason, failure, created_at
         FROM payment_refunds WHERE order_id = :orderId
       UNION ALL
       SELECT id, 'balance', amount, currency, 'succeeded', coalesce(note, reason), NULL, created_at
         FROM balance_ledger WHERE order_id = :orderId AND amount > 0 AND reason IN ('order_refund', 'late_payment_credit')
       ORDER BY created_at`,
      { orderId },
    ),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), amount: Number(row.amount) }));
}

/** Refunds still pending after this long are sent again by the poller (the gateway dedupes by our id). */
const STALE_REFUND_SECONDS = 120;

/**
 * Sends card refunds to the gateway and settles them (the refund-payment job and the poller). A
 * refund the gateway refuses, or that it cannot make at all, is credited to the shopper's balance
 * instead, so money owed is never stuck.
 */
export function createRefundsService(deps: { db: Knex; gateways: PaymentGateways; logger: Logger }) {
  const { db, gateways, logger } = deps;

  const lockRefund = (trx: Knex.Transaction, refundId: number) =>
    trx('payment_refunds').where({ id: refundId }).forUpdate().first<RowOf<PaymentRefund> | undefined>();

  /** The refund could not go to the card: the balance gets the order-currency amount on the ledger instead. */
  async function fallBackToBalance(trx: Knex.Transaction, refund: RowOf<PaymentRefund>, why: string): Promise<void> {
    await trx('payment_refunds').where({ id: refund.id }).update({ status: 'failed', failure: why, settled_at: trx.fn.now() });
    announceOrderChanges(trx, [refund.order_id]);
    const order = await trx('orders').where({ id: refund.order_id }).first<Pick<Order, 'user_id' | 'currency'>>();
    if (!order || refund.order_amount <= 0) return;
    await changeBalance(trx, {
      userId: order.user_id,
      currency: order.currency,
      amount: refund.order_amount,
      reason: 'order_refund',
      reference: `refund:${refund.id}:balance`,
      orderId: refund.order_id,
    });
    await trx('orders')
      .where({ id: refund.order_id })
      .update({
        notices: appendNotices(trx, [{ code: 'CARD_REFUND_TO_BALANCE', params: { refund: { amount: refund.order_amount, currency: order.currency } } }]),
        updated_at: trx.fn.now(),
      });
    logger.warn({ refundId: refund.id, orderId: refund.order_id, why }, 'Card refund refused: credited to the balance');
  }

  /** Records what the gateway said of a refund; only a pending refund changes, so a repeat does nothing. */
  async function settle(refundId: number, state: GatewayRefundState): Promise<PaymentRefund['status'] | 'already-settled'> {
    return db.transaction(async (trx) => {
      const refund = await lockRefund(trx, refundId);
      if (!refund || refund.status !== 'pending') return 'already-settled';
      if (state.status === 'pending') {
        await trx('payment_refunds').where({ id: refund.id }).update({ provider_refund_id: state.providerRefundId });
        return 'pending';
      }
      if (state.status === 'canceled') {
        await fallBackToBalance(trx, refund, 'The gateway cancelled the refund');
        return 'failed';
      }
      announceOrderChanges(trx, [refund.order_id]);
      await trx('payment_refunds')
        .where({ id: refund.id })
        .update({ status: 'succeeded', provider_refund_id: state.providerRefundId, settled_at: trx.fn.now() });
      await trx('payments')
        .where({ id: refund.payment_id })
        .update({
          refunded_amount: trx.raw('refunded_amount + ?', [refund.amount]),
          status: trx.raw("CASE WHEN refunded_amount + ? >= amount THEN 'refunded' ELSE status END", [refund.amount]),
          updated_at: trx.fn.now(),
        });
      logger.info({ refundId: refund.id, orderId: refund.order_id, amount: refund.amount }, 'Card refund made');
      return 'succeeded';
    });
  }

  /** The refund cannot go to the card: if still pending, it goes to the balance instead. */
  const refuse = (refundId: number, why: string): Promise<'failed' | 'already-settled'> =>
    db.transaction(async (trx) => {
      const refund = await lockRefund(trx, refundId);
      if (refund?.status !== 'pending') return 'already-settled';
      await fallBackToBalance(trx, refund, why);
      return 'failed';
    });

  /**
   * Sends one refund (or, when the gateway already has it, reads it back). Network trouble and 5xx
   * answers are thrown for the queue to retry; a definite refusal falls back to the balance.
   */
  async function sendRefund(refundId: number): Promise<PaymentRefund['status'] | 'already-settled' | 'unknown-refund'> {
    const refund = await db('payment_refunds').where({ id: refundId }).first<RowOf<PaymentRefund> | undefined>();
    if (!refund) return 'unknown-refund';
    if (refund.status !== 'pending') return 'already-settled';
    const payment = await paymentsDal.findPayment(db, refund.payment_id);
    const gateway = payment && gateways.byName(payment.provider);
    if (!payment?.provider_payment_id || !gateway?.refund) return refuse(refundId, 'The payment gateway cannot refund this payment');
    let state: GatewayRefundState;
    try {
      state =
        refund.provider_refund_id && gateway.getRefund
          ? await gateway.getRefund(refund.provider_refund_id)
          : await gateway.refund({
              refundId: refund.id,
              idempotenceKey: refund.idempotence_key,
              providerPaymentId: payment.provider_payment_id,
              amount: refund.amount,
              currency: refund.currency,
              description: `Refund for order #${refund.order_id}`,
            });
    } catch (err) {
      if (!(err instanceof GatewayRequestError)) throw err;
      return refuse(refundId, err.message);
    }
    return settle(refundId, state);
  }

  return {
    sendRefund,

    /** Refunds still pending a while after they were asked for (a lost job, a gateway still deciding). */
    async staleRefunds(limit: number): Promise<number[]> {
      const rows: Array<{ id: number }> = await db('payment_refunds')
        .select('id')
        .where({ status: 'pending' })
        .andWhere('created_at', '<', db.raw('now() - make_interval(secs => ?)', [STALE_REFUND_SECONDS]))
        .orderBy('id')
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
