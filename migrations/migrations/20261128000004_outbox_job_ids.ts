import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Each outbox row gets a random BullMQ job id of its own. Ids derived from the row id repeat after a
 * database is restored or recreated against a Redis that keeps its keys, and BullMQ silently ignores
 * a job whose id it already holds. Fulfilment rows get an index by order, processing orders one of
 * their own, and so do the jobs applying gateway events and the events not applied yet: the sweep of
 * lost jobs and Retry delivery find the latest job of an order or an event.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE outbox ADD COLUMN job_id uuid NOT NULL DEFAULT gen_random_uuid();
    CREATE INDEX outbox_fulfilment_order_idx ON outbox ((payload->>'orderId'), id) WHERE queue = 'fulfilment';
    CREATE INDEX orders_processing_idx ON orders (id) WHERE status = 'processing';
    CREATE INDEX outbox_gateway_event_idx ON outbox ((payload->>'gatewayEventId'), id) WHERE queue = 'payment-callback';
    CREATE INDEX gateway_events_unprocessed_idx ON gateway_events (id) WHERE processed_at IS NULL;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP INDEX gateway_events_unprocessed_idx;
    DROP INDEX outbox_gateway_event_idx;
    DROP INDEX orders_processing_idx;
    DROP INDEX outbox_fulfilment_order_idx;
    ALTER TABLE outbox DROP COLUMN job_id;
    `,
  );
}
