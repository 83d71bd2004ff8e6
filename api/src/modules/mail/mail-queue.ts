import type { Knex } from 'knex';
import type { ContentLanguage, MailKind, OrderTransitionName } from '@topup/common';
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
 * transaction): to the shopper's address only when verified, in the shopper's language. Other
 * transitions mail nothing.
 */
export async function queueOrderMail(trx: Knex.Transaction, order: { id: number; user_id: number }, transition: OrderTransitionName): Promise<void> {
  const kind = ORDER_MAILS[transition];
  if (!kind) return;
  const user: { email: string | null; email_verified_at: Date | null; language: ContentLanguage } | undefined = await trx('users')
    .where({ id: order.user_id })
    .first('email', 'email_verified_at', 'language');
  if (!user?.email || user.email_verified_at === null) return;
  await queueMail(trx, { user_id: order.user_id, kind, order_id: order.id, recipient: user.email, language: user.language, facts: { transition } });
}
