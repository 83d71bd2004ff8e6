import type { Knex } from 'knex';
import { convertMinor, convertMinorInverse, type OrderCurrency } from '@topup/common';
import { changeBalance, prepared } from '@topup/server-kit';
import { enqueueJob } from '../../lib/outbox';
import type { Logger } from '../../logger';
import type { Order, Payment, PaymentRefund, RowOf } from '../../models';
import { GatewayRequestError, type GatewayRefundState, type PaymentGateway, type PaymentGateways } from '../../providers/payment';
import { clearOperatorFlag, flagForOperator } from '../orders/order-attention';
import { appendNotices } from '../orders/order-notices';
import { paymentsDal } from './payments.dal';
import { receiptLines, receiptLinesForPart } from './receipt-lines';
import { announceOrderChanges } from '../orders/order-feed';
import { balanceEquivalent } from '../orders/balance-equivalent';

/** Where money goes back to: the shopper's balance (a ledger row) or the card the order was paid with. */
export type RefundDestination = 'balance' | 'card';

export interface RequestedCardRefund {
  refundId: number;
  /** Minor units of `currency`, the payment's currency. */
  amount: number;
  currency: OrderCurrency;
}

/** Converts an amount of the order's currency to the payment's, at the order's own rate. */
function toPaymentCurrency(amount: number, from: OrderCurrency, to: OrderCurrency, rateUsdRub: string): number {
  if (from === to) return amount;
  // A UZS order is paid only through a gateway that charges sums.
  if (from === 'uzs' || to === 'uzs') throw new Error(`No conversion from ${from} to ${to} for a refund`);
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
export type RefundOfOrder = Pick<PaymentRefund, 'id' | 'amount' | 'currency' | 'status' | 'reason' | 'failure' | 'uncertain' | 'created_at'> & {
  destination: RefundDestination;
};

/** The order's refunds to the card and credits to the balance, oldest first: the receipt and the back office list them. */
export async function refundsOfOrder(db: Knex, orderId: number): Promise<RefundOfOrder[]> {
  const { rows } = await prepared(
    'orders.refunds',
    db.raw<{ rows: RefundOfOrder[] }>(
      `SELECT id, 'card' AS destination, amount, currency, status, reason, failure, uncertain, created_at
         FROM payment_refunds WHERE order_id = :orderId
       UNION ALL
       SELECT id, 'balance', amount, currency, 'succeeded', coalesce(note, reason), NULL, false, created_at
         FROM balance_ledger WHERE order_id = :orderId AND amount > 0 AND reason IN ('order_refund', 'late_payment_credit')
       ORDER BY created_at`,
      { orderId },
    ),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), amount: Number(row.amount) }));
}

/** Refunds still pending after this long are sent again, or read back, by the poller. */
const STALE_REFUND_SECONDS = 120;
/**
 * YooKassa keeps an idempotence key for 24 hours; after that the same key makes a second refund. So a
 * refund is sent again only this long after its first sending; later an operator decides.
 */
export const RESEND_REFUNDS_FOR_SECONDS = 20 * 3600;
/** Why a refund past its resending window waits: kept on the row, so the poller passes it by. */
const NOT_SENT_AGAIN = 'Not sent again: the gateway forgets the key of a refund after a day, so an operator decides';
/** Refusals that say nothing about the refund itself: the store's key or rights are wrong for now. */
const AUTH_REFUSALS = [401, 403];

/** What a sending or a read-back that left the refund's fate unknown says, for the row and the operator. */
const uncertainty = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Sends card refunds to the gateway and settles them (the refund-payment job and the poller). The
 * balance is credited instead only when the gateway definitely refused: it cancelled the refund, or
 * it answered the first sending with a 4xx (not an auth error). Any other doubt (no answer, a 5xx, an
 * auth error, a read-back that failed) keeps the refund pending and flags its order; the poller reads
 * it back, and sends it again with the same key only while the gateway still knows that key.
 */
export function createRefundsService(deps: { db: Knex; gateways: PaymentGateways; logger: Logger }) {
  const { db, gateways, logger } = deps;

  const lockRefund = (trx: Knex.Transaction, refundId: number) =>
    trx('payment_refunds').where({ id: refundId }).forUpdate().first<RowOf<PaymentRefund> | undefined>();

  /** The refund could not go to the card: the balance gets the order-currency amount on the ledger instead. */
  async function fallBackToBalance(trx: Knex.Transaction, refund: RowOf<PaymentRefund>, why: string): Promise<void> {
    await trx('payment_refunds').where({ id: refund.id }).update({ status: 'failed', failure: why, settled_at: trx.fn.now() });
    announceOrderChanges(trx, [refund.order_id]);
    const order = await trx('orders').where({ id: refund.order_id }).first<Pick<Order, 'user_id' | 'currency' | 'rate_usd_uzs'>>();
    if (!order || refund.order_amount <= 0) return;
    await changeBalance(trx, {
      userId: order.user_id,
      ...balanceEquivalent(order, refund.order_amount),
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

  /** The operator's flag on the order names the refund, so settling it can take the flag down again. */
  const flagReason = (refundId: number, why: string) => `Card refund #${refundId} is in doubt: ${why}`;

  /** The refund's fate is unknown: it stays pending (never credited to the balance) and its order is flagged. */
  const markUncertain = (refundId: number, why: string): Promise<'pending' | 'already-settled'> =>
    db.transaction(async (trx) => {
      const refund = await lockRefund(trx, refundId);
      if (refund?.status !== 'pending') return 'already-settled';
      await trx('payment_refunds').where({ id: refund.id }).update({ uncertain: true, failure: why });
      await flagForOperator(trx, refund.order_id, flagReason(refund.id, why), { refundId: refund.id, attempts: refund.attempts });
      logger.error({ refundId: refund.id, orderId: refund.order_id, why }, 'Card refund in doubt: kept pending for a read-back');
      return 'pending';
    });

  /** A settled refund takes down the flag it raised (one raised for anything else stays). */
  async function clearFlag(trx: Knex.Transaction, refund: RowOf<PaymentRefund>): Promise<void> {
    if (!refund.uncertain) return;
    await clearOperatorFlag(trx, refund.order_id, { cause: 'refund_settled', refundId: refund.id }, { reasonPrefix: flagReason(refund.id, '') });
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
      await clearFlag(trx, refund);
      if (state.status === 'canceled') {
        await fallBackToBalance(trx, refund, 'The gateway cancelled the refund');
        return 'failed';
      }
      announceOrderChanges(trx, [refund.order_id]);
      await trx('payment_refunds')
        .where({ id: refund.id })
        .update({ status: 'succeeded', provider_refund_id: state.providerRefundId, failure: null, settled_at: trx.fn.now() });
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

  /** The gateway definitely refused the refund: if still pending, it goes to the balance instead. */
  const refuse = (refundId: number, why: string): Promise<'failed' | 'already-settled'> =>
    db.transaction(async (trx) => {
      const refund = await lockRefund(trx, refundId);
      if (refund?.status !== 'pending') return 'already-settled';
      await clearFlag(trx, refund);
      await fallBackToBalance(trx, refund, why);
      return 'failed';
    });

  /**
   * Counts a sending before it leaves, committed, so a crash during the call is still known as an
   * attempt. Resolves to the attempt's number, or undefined when the gateway may have forgotten the
   * key by now (sending again could refund twice).
   */
  const countAttempt = async (refundId: number): Promise<number | undefined> => {
    const [row] = await db('payment_refunds')
      .where({ id: refundId, status: 'pending' })
      .andWhere((where) =>
        void where.whereNull('first_sent_at').orWhere('first_sent_at', '>', db.raw('now() - make_interval(secs => ?)', [RESEND_REFUNDS_FOR_SECONDS])),
      )
      .update({ attempts: db.raw('attempts + 1'), first_sent_at: db.raw('coalesce(first_sent_at, now())') })
      .returning<Array<{ attempts: number }>>('attempts');
    return row?.attempts;
  };

  /** The receipt of a partial refund when the gateway sends receipts (a full one reuses the payment's). */
  async function refundReceipt(refund: RowOf<PaymentRefund>, payment: RowOf<Payment>, gateway: PaymentGateway) {
    if (!gateway.capabilities.receiptEmailRequired || refund.amount >= payment.amount || !payment.receipt_email) return undefined;
    const order = await db('orders').where({ id: refund.order_id }).first<Pick<Order, 'rate_usd_rub'>>('rate_usd_rub');
    const lines = await receiptLines(db, refund.order_id, payment, order?.rate_usd_rub ?? '1');
    return { email: payment.receipt_email, lines: receiptLinesForPart(lines, refund.amount) };
  }

  /** Sends the refund with its key: a 4xx to its first sending is a definite refusal, anything else a doubt. */
  async function post(
    refund: RowOf<PaymentRefund>,
    payment: RowOf<Payment>,
    providerPaymentId: string,
    gateway: PaymentGateway,
    send: NonNullable<PaymentGateway['refund']>,
  ) {
    const receipt = await refundReceipt(refund, payment, gateway);
    const attempt = await countAttempt(refund.id);
    if (attempt === undefined) return markUncertain(refund.id, NOT_SENT_AGAIN);
    let state: GatewayRefundState;
    try {
      state = await send({
        refundId: refund.id,
        idempotenceKey: refund.idempotence_key,
        providerPaymentId,
        amount: refund.amount,
        currency: refund.currency,
        description: `Refund for order #${refund.order_id}`,
        receipt,
      });
    } catch (err) {
      // An earlier sending may have made the refund: only a refusal of the first one is definite.
      const definite = err instanceof GatewayRequestError && !AUTH_REFUSALS.includes(err.status) && attempt === 1;
      return definite ? refuse(refund.id, err.message) : markUncertain(refund.id, uncertainty(err));
    }
    return settle(refund.id, state);
  }

  /** Reads a refund the gateway has back; a failed read says nothing of the refund, so it stays pending. */
  async function readBack(refundId: number, providerRefundId: string, getRefund: NonNullable<PaymentGateway['getRefund']>) {
    let state: GatewayRefundState;
    try {
      state = await getRefund(providerRefundId);
    } catch (err) {
      return markUncertain(refundId, uncertainty(err));
    }
    return settle(refundId, state);
  }

  /** Sends one refund, or, when the gateway already has it, reads it back. */
  async function sendRefund(refundId: number): Promise<PaymentRefund['status'] | 'already-settled' | 'unknown-refund'> {
    const refund = await db('payment_refunds').where({ id: refundId }).first<RowOf<PaymentRefund> | undefined>();
    if (!refund) return 'unknown-refund';
    if (refund.status !== 'pending') return 'already-settled';
    const payment = await paymentsDal.findPayment(db, refund.payment_id);
    const gateway = payment && gateways.byName(payment.provider);
    if (refund.provider_refund_id && gateway?.getRefund) return readBack(refund.id, refund.provider_refund_id, gateway.getRefund);
    if (!payment?.provider_payment_id || !gateway?.refund) {
      // Never sent, nothing in doubt: the card cannot take it.
      if (refund.attempts === 0) return refuse(refundId, 'The payment gateway cannot refund this payment');
      return markUncertain(refundId, 'The payment gateway is not available');
    }
    return post(refund, payment, payment.provider_payment_id, gateway, gateway.refund);
  }

  return {
    sendRefund,

    /** Refunds still pending a while after they were asked for (a lost job, a gateway still deciding, a doubt). */
    async staleRefunds(limit: number): Promise<number[]> {
      const rows: Array<{ id: number }> = await db('payment_refunds')
        .select('id')
        .where({ status: 'pending' })
        .andWhere('created_at', '<', db.raw('now() - make_interval(secs => ?)', [STALE_REFUND_SECONDS]))
        // Left to an operator: nothing to read back, and sending again could refund twice.
        .andWhereRaw('NOT (provider_refund_id IS NULL AND failure IS NOT DISTINCT FROM ?)', [NOT_SENT_AGAIN])
        .orderBy('id')
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
