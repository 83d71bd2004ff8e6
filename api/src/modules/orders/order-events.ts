import type { Knex } from 'knex';
import type { OrderEventKind } from '@topup/common';
import { currentRequestId } from '../../lib/trace-context';
import { announceOrderChanges } from './order-feed';

/** Events only the back office sees: they change nothing of the order the shopper is shown. */
const BACK_OFFICE_ONLY: readonly OrderEventKind[] = ['note', 'delivery_attempt', 'retry_requested'];

/** Every other event changes what the shopper sees of the order: their open streams hear of it. */
function announce(trx: Knex.Transaction, orderIds: number[], kind: OrderEventKind): void {
  if (!BACK_OFFICE_ONLY.includes(kind)) announceOrderChanges(trx, orderIds);
}

/**
 * Who is behind an event: an admin, or the store itself (null). The request (or job's originating
 * request) that made the change is the one being served unless named.
 */
export interface EventAuthor {
  actorId: number | null;
  requestId?: string | null;
}

/** The store itself: payments, fulfilment, schedules. */
export const STORE: EventAuthor = { actorId: null };

/** One event's row, as `recordOrderEvent` writes it. */
export function orderEventRow(orderId: number, kind: OrderEventKind, payload: Record<string, unknown> = {}, by: EventAuthor = STORE) {
  return {
    order_id: orderId,
    kind,
    actor_id: by.actorId,
    // jsonb: serialised explicitly so arrays inside stay JSON.
    payload: JSON.stringify(payload),
    request_id: by.requestId ?? currentRequestId() ?? null,
  };
}

/**
 * Appends one event to an order's timeline, in the transaction that makes the change it records, so
 * neither exists without the other. `payload` says what happened: reasons, the provider's answer,
 * amounts in minor units.
 */
export async function recordOrderEvent(
  trx: Knex.Transaction,
  orderId: number,
  kind: OrderEventKind,
  payload: Record<string, unknown> = {},
  by: EventAuthor = STORE,
): Promise<void> {
  await orderEventsInsert(trx, orderId, [{ kind, payload }], by);
}

/** One event of an order, as a change records it. */
export interface OrderEventOf {
  kind: OrderEventKind;
  payload?: Record<string, unknown>;
}

/**
 * Events of one order as an insert not yet run, for a statement that makes the change they record to
 * run it too (a CTE), in one round trip; announced like recordOrderEvent's. The timeline shows them in
 * this order (their ids ascend with the rows).
 */
export function orderEventsInsert(trx: Knex.Transaction, orderId: number, events: readonly OrderEventOf[], by: EventAuthor = STORE): Knex.QueryBuilder {
  for (const { kind } of events) announce(trx, [orderId], kind);
  return trx('order_events').insert(events.map(({ kind, payload }) => orderEventRow(orderId, kind, payload, by)));
}

/** The same event on several orders at once (a batch of expired card orders). */
export async function recordOrderEvents(
  trx: Knex.Transaction,
  orderIds: number[],
  kind: OrderEventKind,
  payload: Record<string, unknown>,
  by: EventAuthor = STORE,
): Promise<void> {
  if (orderIds.length === 0) return;
  await trx('order_events').insert(orderIds.map((orderId) => orderEventRow(orderId, kind, payload, by)));
  announce(trx, orderIds, kind);
}
