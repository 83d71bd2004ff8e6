import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The money a request moved carries the request's `Idempotency-Key`, written in the same transaction,
 * so a request re-run after a crash (its stored answer lost) finds what it already did instead of
 * doing it again:
 * - orders.idempotency_key, unique per user: a re-run finds the order its first run placed, and two
 *   runs of one key can never both place one.
 * - generated_codes.activation_idempotency_key: the key of the request that claimed the code's activation.
 * - payments.idempotence_key and payment_refunds.idempotence_key: random UUIDs the gateway dedupes a
 *   create or a refund by, so keys never repeat across databases (a restore, staging and production).
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders ADD COLUMN idempotency_key text;
    CREATE UNIQUE INDEX orders_user_idempotency_key_idx ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    ALTER TABLE generated_codes ADD COLUMN activation_idempotency_key text;
    ALTER TABLE payments ADD COLUMN idempotence_key uuid NOT NULL DEFAULT gen_random_uuid();
    ALTER TABLE payment_refunds ADD COLUMN idempotence_key uuid NOT NULL DEFAULT gen_random_uuid();
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE payment_refunds DROP COLUMN idempotence_key;
    ALTER TABLE payments DROP COLUMN idempotence_key;
    ALTER TABLE generated_codes DROP COLUMN activation_idempotency_key;
    DROP INDEX orders_user_idempotency_key_idx;
    ALTER TABLE orders DROP COLUMN idempotency_key;
    `,
  );
}
