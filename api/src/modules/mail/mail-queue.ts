import type { Knex } from 'knex';
import type { MailKind, OrderTransitionName } from '@topup/common';
import type { LockedOrder } from '../orders/order-lifecycle.dal';
import { enqueueJob } from '../../lib/outbox';
import { mailDal, type MailRow } from './mail.dal';

/** The mail an order's transition sends its shopper (docs/architecture.md, "Mail"). */
const ORDER_MAILS: Partial<Record<OrderTransitionName, MailKind>> = {
  complete: 'order_completed',
  fail: 'order_failed',
  refund: 'order_refunded',
};

/**
 * Queues one mail in the caller's transaction: its row, and the `mail` job that sends it, which exist
 * exactly when the change that wants the mail commits. The job sends the row once, however often it runs.
 */
export async function queueMail(trx: Knex.Transaction, mail: Pick<MailRow, 'user_id' | 'kind' | 'order_id' | 'recipient' | 'language' | 'facts'>): Promise<number> {
  const mailId = await mailDal.insert(trx, mail);
  await enqueueJob(trx, 'mail', 'send-mail', { mailId });
  return mailId;
}

/**
 * The receipt of an order that completed, failed or was refunded, queued with the transition (in its
 * transaction): to the shopper's address only when verified, in the shopper's language, as the order's
 * lock read them (lockOrder). Other transitions mail nothing.
 */
export async function queueOrderMail(trx: Knex.Transaction, order: Pick<LockedOrder, 'id' | 'user_id' | 'receipt_to'>, transition: OrderTransitionName): Promise<void> {
  const kind = ORDER_MAILS[transition];
  if (!kind || !order.receipt_to) return;
  const { address, language } = order.receipt_to;
  await queueMail(trx, { user_id: order.user_id, kind, order_id: order.id, recipient: address, language, facts: { transition } });
}
