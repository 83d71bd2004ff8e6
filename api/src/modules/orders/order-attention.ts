import type { Knex } from 'knex';
import { recordOrderEvent } from './order-events';

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
