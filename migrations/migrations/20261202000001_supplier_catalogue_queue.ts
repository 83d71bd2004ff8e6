import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** The outbox takes the jobs of the `supplier-catalogue` queue: an admin's import of a supplier's catalogue. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE outbox DROP CONSTRAINT outbox_queue_valid;
    ALTER TABLE outbox ADD CONSTRAINT outbox_queue_valid CHECK (queue IN (
      'fulfilment', 'payment-callback', 'code-generation', 'rate-update', 'reservation-expiry', 'supplier-catalogue'));
    `,
  );
}

/** Drops the queue's rows (imports not yet run) with it. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DELETE FROM outbox WHERE queue = 'supplier-catalogue';
    ALTER TABLE outbox DROP CONSTRAINT outbox_queue_valid;
    ALTER TABLE outbox ADD CONSTRAINT outbox_queue_valid CHECK (queue IN (
      'fulfilment', 'payment-callback', 'code-generation', 'rate-update', 'reservation-expiry'));
    `,
  );
}
