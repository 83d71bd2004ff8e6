import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Card refunds that happen once (docs/architecture.md, "Card refunds happen once").
 *
 * payment_refunds.attempts / first_sent_at: how often the refund was sent to the gateway and when
 * first. The gateway keeps an idempotence key for a day only, so re-sending stops well before that.
 * payment_refunds.uncertain: an attempt's outcome is not known (no answer, a 5xx, an auth error, a
 * failed read-back): the gateway may still make it, so only the gateway's own cancellation credits
 * it to the balance.
 *
 * payments.receipt_email: the email the payment's fiscal receipt went to; a partial refund's receipt
 * goes there too.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE payment_refunds
      ADD COLUMN attempts integer NOT NULL DEFAULT 0 CONSTRAINT payment_refunds_attempts_non_negative CHECK (attempts >= 0),
      ADD COLUMN first_sent_at timestamptz,
      ADD COLUMN uncertain boolean NOT NULL DEFAULT false;
    ALTER TABLE payments ADD COLUMN receipt_email text;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE payments DROP COLUMN receipt_email;
    ALTER TABLE payment_refunds
      DROP COLUMN uncertain,
      DROP COLUMN first_sent_at,
      DROP COLUMN attempts;
    `,
  );
}
