import type { Knex } from 'knex';
import { recordOrderEvent, type EventAuthor } from './order-events';

/**
 * Flags an order of any status for an operator when money around it is in doubt (a card refund the
 * gateway may or may not have made, a payment the store must not apply), with the facts on its
 * timeline. An order already flagged keeps its first reason. Resolves to whether the flag was raised.
 */
export async function flagForOperator(trx: Knex.Transaction, orderId: number, reason: string, facts: Record<string, unknown> = {}): Promise<boolean> {
  const flagged = await trx('orders')
    .where({ id: orderId })
    .whereNull('attention_since')
    .update({ attention_reason: reason, attention_since: trx.fn.now(), updated_at: trx.fn.now() });
  if (flagged === 0) return false;
  await recordOrderEvent(trx, orderId, 'attention_raised', { reason, ...facts });
  return true;
}

/**
 * Takes an order's flag down, with the cause on its timeline; `reasonPrefix` takes down only a flag
 * raised for that reason (one raised for anything else stays). Resolves to whether a flag came down.
 */
export async function clearOperatorFlag(
  trx: Knex.Transaction,
  orderId: number,
  facts: Record<string, unknown> & { cause: string },
  options: { reasonPrefix?: string; by?: EventAuthor } = {},
): Promise<boolean> {
  const query = trx('orders').where({ id: orderId }).whereNotNull('attention_since');
  if (options.reasonPrefix !== undefined) void query.andWhereLike('attention_reason', `${options.reasonPrefix}%`);
  const cleared = await query.update({ attention_reason: null, attention_since: null, updated_at: trx.fn.now() });
  if (cleared > 0) await recordOrderEvent(trx, orderId, 'attention_cleared', facts, options.by);
  return cleared > 0;
}
