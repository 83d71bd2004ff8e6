import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Each outbox row gets a random BullMQ job id of its own. Ids derived from the row id repeat after a
 * database is restored or recreated against a Redis that keeps its keys, and BullMQ silently ignores
 * a job whose id it already holds. The fulfilment rows get an index by order and processing orders
 * one of their own, so the delivery sweep and Retry delivery find an order's latest delivery job.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE outbox ADD COLUMN job_id uuid NOT NULL DEFAULT gen_random_uuid();
    CREATE INDEX outbox_fulfilment_order_idx ON outbox ((payload->>'orderId'), id) WHERE queue = 'fulfilment';
    CREATE INDEX orders_processing_idx ON orders (id) WHERE status = 'processing';
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP INDEX orders_processing_idx;
    DROP INDEX outbox_fulfilment_order_idx;
    ALTER TABLE outbox DROP COLUMN job_id;
    `,
  );
}
