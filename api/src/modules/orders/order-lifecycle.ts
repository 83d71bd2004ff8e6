import { clearOperatorFlag, flagForOperator } from './order-attention';
import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import {
  canTransition,
  ErrorCode,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderStatus,
  type OrderTransitionName,
  type PaymentStatus,
} from '@topup/common';
import type { OrderNotice } from '@topup/common/api';
import { AppError } from '../../lib/app-error';
import { changeBalance } from '@topup/server-kit';
import { enqueueJob, outboxJobLive } from '../../lib/outbox';
import { queueOrderMail } from '../mail/mail-queue';
import { requestCardRefund, type RefundDestination } from '../payments/refunds';
import { stockDal } from '../stock/stock.dal';
import { balanceEquivalent } from './balance-equivalent';
import { orderLifecycleDal, PAID_ORDER_HOLD_SECONDS, type LockedOrder } from './order-lifecycle.dal';
import { orderEventsInsert, recordOrderEvent, recordOrderEvents, STORE, type EventAuthor, type OrderEventOf } from './order-events';
import { appendNotices } from './order-notices';

/**
 * The order lifecycle: every change of an order's status goes through one of these functions, each
 * one transition of the state machine in @topup/common, in the caller's transaction and on an order
 * the caller has locked (`lockOrder`). The shopper's paths, the workers and the back office call the
 * same functions.
 */

export { PAID_ORDER_HOLD_SECONDS, type LockedOrder } from './order-lifecycle.dal';

export const lockOrder = orderLifecycleDal.lockOrder;

/** The statuses from which `actor` may make the transition `name`. */
const statusesFrom = (name: OrderTransitionName, actor: OrderActor): OrderStatus[] =>
  ORDER_TRANSITIONS[name].from.filter((status) => canTransition(name, status, actor));

/** 409 unless the state machine lets `actor` make the transition from the order's status. */
function assertAllowed(order: LockedOrder, name: OrderTransitionName, actor: OrderActor): void {
  if (!canTransition(name, order.status, actor)) {
    throw new AppError(409, ErrorCode.CONFLICT, `An order that is ${order.status} cannot ${name}.`, { from: order.status, transition: name });
  }
}

/**
 * Moves one locked order along a transition the state machine allows `actor` to make, and records it
 * on the order's timeline, after `recordedWith` (what the change did: the codes it delivered). The
 * update repeats the status condition, so a stale row is never moved twice. A status change settles
 * whatever needed attention, so the flag goes with it. `notices` are added to what the order tells its
 * shopper. Completing, failing and refunding mail the shopper a receipt (docs/architecture.md, "Mail").
 */
async function move(
  trx: Knex.Transaction,
  order: LockedOrder,
  name: OrderTransitionName,
  actor: OrderActor,
  changes: { [column: string]: unknown } = {},
  by: EventAuthor = STORE,
  notices: readonly OrderNotice[] = [],
  recordedWith: readonly OrderEventOf[] = [],
): Promise<void> {
  assertAllowed(order, name, actor);
  const to = ORDER_TRANSITIONS[name].to;
  const events: OrderEventOf[] = [
    ...recordedWith,
    { kind: 'status_changed', payload: { from: order.status, to, transition: name, notices } },
    ...(order.attention_since !== null ? [{ kind: 'attention_cleared' as const, payload: { cause: 'status_changed', to } }] : []),
  ];
  // One round trip: the timeline's events run with the update (a CTE), and roll back with the
  // transaction when the update finds the order moved.
  const moved = await trx('orders')
    .with('events', orderEventsInsert(trx, order.id, events, by))
    .where({ id: order.id })
    .whereIn('status', statusesFrom(name, actor))
    .update({
      status: to,
      ...changes,
      ...(notices.length > 0 ? { notices: appendNotices(trx, notices) } : {}),
      attention_reason: null,
      attention_since: null,
      updated_at: trx.fn.now(),
    });
  if (moved !== 1) throw new Error(`Order ${order.id} changed under its lock: it is no longer ${order.status}`);
  // The receipt of a completed, failed or refunded order commits with the transition, so it is sent once.
  await queueOrderMail(trx, order, name);
}

/** A paid order goes to fulfilment, its codes held for as long as a paid order's. */
async function sendToFulfilment(trx: Knex.Transaction, orderId: number): Promise<void> {
  await stockDal.holdFor(trx, orderId, PAID_ORDER_HOLD_SECONDS);
  await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId });
}

/** pending -> processing: the gateway payment arrived in time, and the order goes to fulfilment. */
export async function markPaid(trx: Knex.Transaction, order: LockedOrder): Promise<void> {
  await move(trx, order, 'pay', 'system', { paid_at: trx.fn.now() });
  await sendToFulfilment(trx, order.id);
}

/**
 * processing -> completed. `notices` tell the shopper what was not delivered (a top-up delivered only
 * in part, the rest refunded).
 */
export async function markCompleted(
  trx: Knex.Transaction,
  order: LockedOrder,
  actor: OrderActor,
  notices: readonly OrderNotice[] = [],
  by: EventAuthor = STORE,
  recordedWith: readonly OrderEventOf[] = [],
): Promise<void> {
  await move(trx, order, 'complete', actor, { completed_at: trx.fn.now() }, by, notices, recordedWith);
}

/** Money given back for an order, in minor units of the order's currency. */
export interface OrderRefund {
  amount: number;
  /** Where to try, in turn: the card the order was paid with (a refund of its payment), the balance (a ledger row). */
  destinations: RefundDestination[];
  /** The balance credit's ledger reference, one per refund of the order: the ledger moves it once. */
  reference: string;
  /** Why, on the card refund. */
  cardReason: string;
  /** The admin who refunds, and their note on the ledger row. */
  actorId?: number;
  note?: string;
}

/** The ledger reference of the refund of an order whose delivery failed: an order is refunded by its delivery once. */
export const deliveryRefundReference = (orderId: number) => `order:${orderId}:refund`;

/**
 * Gives back the refund to the first destination that can take it: a card refund (a pending refund
 * row and the job that sends it, so the gateway is never called inside a transaction) or a credit to
 * the balance on the ledger. The card cannot take it when the order has no paid gateway payment with
 * anything left to refund; when no destination can, 409 and nothing moved.
 */
async function giveBack(trx: Knex.Transaction, order: LockedOrder, refund: OrderRefund, by: EventAuthor): Promise<RefundDestination> {
  const destination = await refundTo(trx, order, refund);
  if (refund.amount > 0) {
    await recordOrderEvent(trx, order.id, 'refunded', { amount: refund.amount, currency: order.currency, destination, reference: refund.reference }, by);
  }
  return destination;
}

/** The refund's first destination that takes it (see giveBack). */
async function refundTo(trx: Knex.Transaction, order: LockedOrder, refund: OrderRefund): Promise<RefundDestination> {
  for (const destination of refund.destinations) {
    if (refund.amount <= 0) return destination;
    if (destination === 'balance') {
      await changeBalance(trx, {
        userId: order.user_id,
        ...balanceEquivalent(order, refund.amount),
        reason: 'order_refund',
        reference: refund.reference,
        orderId: order.id,
        actorId: refund.actorId,
        note: refund.note,
      });
      return destination;
    }
    const requested = await requestCardRefund(trx, {
      orderId: order.id,
      orderAmount: refund.amount,
      reason: refund.cardReason,
      requestedBy: refund.actorId,
    });
    if (requested) return destination;
  }
  throw new AppError(
    409,
    ErrorCode.CONFLICT,
    'This order was not paid by card, or its payment has nothing left to refund: refund it to the balance instead.',
    { paymentMethod: order.payment_method },
  );
}

/** What was not delivered goes back: the money, the codes the order still holds, its top-up marked failed. */
async function settleUndelivered(trx: Knex.Transaction, order: LockedOrder, refund: OrderRefund, by: EventAuthor) {
  const destination = await giveBack(trx, order, refund, by);
  const releasedCodes = await stockDal.releaseReserved(trx, [order.id]);
  await orderLifecycleDal.settleTopupItems(trx, order.id, ['pending'], 'failed');
  return { destination, releasedCodes };
}

/** How an order that ends undelivered is closed: what goes back, and what the shopper is told about it. */
export interface Undelivered {
  refund: OrderRefund;
  explain: (destination: RefundDestination) => OrderNotice[];
}

/**
 * processing or completed -> failed: the gateway itself gave the payment back (Payme cancelling a
 * performed transaction), so nothing is sent anywhere. The order ends with `notice`; the codes it still
 * holds go back on sale and its pending top-up is marked failed. Delivered codes and top-ups cannot be
 * taken back: the caller flags such an order for an operator.
 */
export async function refundedByGateway(
  trx: Knex.Transaction,
  order: LockedOrder,
  refund: { amount: number; reference: string },
  notice: OrderNotice,
): Promise<void> {
  assertAllowed(order, 'refund', 'system');
  await recordOrderEvent(trx, order.id, 'refunded', { amount: refund.amount, currency: order.currency, destination: 'card', reference: refund.reference });
  await stockDal.releaseReserved(trx, [order.id]);
  await orderLifecycleDal.settleTopupItems(trx, order.id, ['pending'], 'failed');
  await move(trx, order, 'refund', 'system', {}, STORE, [notice]);
}

/**
 * -> failed, with the refund: a delivery that failed or was stopped (`fail`, from processing), or the
 * back office's refund (`refund`, from processing or completed). What was paid and not had back is
 * refunded, the codes still held go back on sale and the order ends with the reason the shopper
 * reads. Delivered codes cannot be taken back: they stay used by the order.
 */
export async function failWithRefund(
  trx: Knex.Transaction,
  order: LockedOrder,
  transition: Extract<OrderTransitionName, 'fail' | 'refund'>,
  actor: OrderActor,
  undelivered: Undelivered,
  by: EventAuthor = STORE,
): Promise<{ destination: RefundDestination; releasedCodes: number }> {
  assertAllowed(order, transition, actor);
  const settled = await settleUndelivered(trx, order, undelivered.refund, by);
  await move(trx, order, transition, actor, {}, by, undelivered.explain(settled.destination));
  return settled;
}

/** processing -> completed for a top-up delivered in part: the rest is refunded as a failed delivery's would be. */
export async function completeWithRefund(trx: Knex.Transaction, order: LockedOrder, undelivered: Undelivered): Promise<RefundDestination> {
  assertAllowed(order, 'complete', 'system');
  const { destination } = await settleUndelivered(trx, order, undelivered.refund, STORE);
  await markCompleted(trx, order, 'system', undelivered.explain(destination));
  return destination;
}

/** Closes unpaid orders: why, and what their still-pending payments become. */
export interface UnpaidOrderClosing {
  notice: OrderNotice;
  paymentStatus: Extract<PaymentStatus, 'declined' | 'expired'>;
}

/**
 * pending -> cancelled, for unpaid orders the caller holds locked: the one path for a declined, an
 * expired and a failed-to-start card payment, a late one, and the store's cancellation. Orders in any
 * other status are left alone, so a paid order's codes are never released. The lines of a code order
 * go back into its shopper's cart, so nothing they chose is lost (the cart shows what is no longer in
 * stock); the codes, and a top-up's PUBG codes, go back on sale. Resolves to the number of codes released.
 */
export async function cancelUnpaid(
  trx: Knex.Transaction,
  orderIds: number[],
  closing: UnpaidOrderClosing,
  actor: OrderActor = 'system',
  by: EventAuthor = STORE,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const cancelled: Array<{ id: number }> = await trx('orders')
    .whereRaw('id = any(?)', [orderIds])
    .whereIn('status', statusesFrom('cancel', actor))
    .update({
      status: ORDER_TRANSITIONS.cancel.to,
      notices: appendNotices(trx, [closing.notice]),
      returned_to_cart: trx.raw("kind = 'codes'"),
      updated_at: trx.fn.now(),
    })
    .returning('id');
  const ids = cancelled.map((row) => row.id);
  if (ids.length === 0) return 0;
  await recordOrderEvents(
    trx,
    ids,
    'status_changed',
    { from: 'pending', to: ORDER_TRANSITIONS.cancel.to, transition: 'cancel', notices: [closing.notice], paymentStatus: closing.paymentStatus },
    by,
  );
  await orderLifecycleDal.restoreCarts(trx, ids);
  await trx('payments')
    .whereRaw('order_id = any(?)', [ids])
    .andWhere({ status: 'pending' })
    .update({ status: closing.paymentStatus, updated_at: trx.fn.now() });
  return stockDal.releaseReserved(trx, ids);
}

/**
 * failed -> processing: the back office sends a failed order to fulfilment again, nothing of its
 * failure kept (its notices cleared) and its top-up to be delivered again. The caller has charged the buyer again and given
 * a code order its codes back.
 */
export async function rerun(trx: Knex.Transaction, order: LockedOrder, by: EventAuthor): Promise<void> {
  await move(trx, order, 'rerun', 'admin', { notices: '[]', completed_at: null }, by);
  await orderLifecycleDal.settleTopupItems(trx, order.id, ['failed'], 'pending');
  await sendToFulfilment(trx, order.id);
}

/**
 * A paid order whose delivery ran out of attempts: it stays processing (nothing refunded) and is
 * flagged for a person with the last error. Orders no longer processing, or already flagged, are left
 * as they are. Resolves to whether the flag was raised.
 */
export async function raiseAttention(trx: Knex.Transaction, order: LockedOrder, reason: string, facts: Record<string, unknown> = {}): Promise<boolean> {
  if (order.status !== 'processing' || order.attention_since !== null) return false;
  return flagForOperator(trx, order.id, reason, facts);
}

/**
 * Queues a processing order's delivery again, in the caller's transaction on the locked order: a flag
 * is cleared, the timeline notes the retry (by an admin, or the store's sweep with its `cause`), and a
 * new fulfilment job is written. Delivery is idempotent, so a job that turns up after all delivers
 * nothing twice.
 */
async function queueDeliveryAgain(trx: Knex.Transaction, order: LockedOrder, by: EventAuthor, facts: Record<string, unknown> = {}): Promise<void> {
  if (order.attention_since !== null) await clearOperatorFlag(trx, order.id, { cause: 'retry' }, { by });
  await recordOrderEvent(trx, order.id, 'retry_requested', facts, by);
  await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: order.id });
}

/**
 * An admin sends a processing order's delivery again, flagged or not, when nothing would deliver it:
 * its latest delivery job is neither waiting in the outbox nor waiting, delayed or running in BullMQ
 * (`fulfilmentQueue`): it ran out of attempts, or Redis lost it. While a job is live (a second click, a
 * second admin, the sweep's retry), 409 NOTHING_TO_RETRY and nothing is queued.
 */
export async function retryDelivery(trx: Knex.Transaction, order: LockedOrder, fulfilmentQueue: Queue, by: EventAuthor): Promise<void> {
  if (order.status !== 'processing') {
    throw new AppError(409, ErrorCode.NOTHING_TO_RETRY, `This order is ${order.status}: only a processing order's delivery can be retried.`, {
      status: order.status,
    });
  }
  const latest = await orderLifecycleDal.latestDeliveryJob(trx, order.id);
  if (latest && (await outboxJobLive(fulfilmentQueue, latest))) {
    throw new AppError(409, ErrorCode.NOTHING_TO_RETRY, 'This order is not waiting for a retry: its delivery is queued or running.', {
      status: order.status,
    });
  }
  await queueDeliveryAgain(trx, order, by);
}

/**
 * The store's sweep queues again the delivery of a processing, unflagged order whose job `lostJobId`
 * it found gone from BullMQ (or that has none left, null). Resolves to false, queueing nothing, when
 * the order has moved on meanwhile: delivered, flagged, or given another delivery job.
 */
export async function redeliverLost(trx: Knex.Transaction, order: LockedOrder, lostJobId: string | null): Promise<boolean> {
  if (order.status !== 'processing' || order.attention_since !== null) return false;
  const latest = await orderLifecycleDal.latestDeliveryJob(trx, order.id);
  if ((latest?.jobId ?? null) !== lostJobId) return false;
  await queueDeliveryAgain(trx, order, STORE, { cause: 'job_lost', lostJobId });
  return true;
}

/**
 * The store queues again the delivery of a processing order flagged for `reasonPrefix` (waiting for a
 * supplier's balance) once what it waited for came back. Resolves to false when it has moved on meanwhile.
 */
export async function redeliverWaiting(trx: Knex.Transaction, order: LockedOrder, reasonPrefix: string, facts: Record<string, unknown>): Promise<boolean> {
  if (order.status !== 'processing' || order.attention_since === null) return false;
  const flag = await trx('orders').where({ id: order.id }).first<{ attention_reason: string | null }>('attention_reason');
  if (!flag?.attention_reason?.startsWith(reasonPrefix)) return false;
  await queueDeliveryAgain(trx, order, STORE, facts);
  return true;
}

/** Processing orders whose delivery job may be lost, for the sweep to look up in BullMQ (see deliveriesToCheck). */
export const deliveriesToCheck = orderLifecycleDal.deliveriesToCheck;
