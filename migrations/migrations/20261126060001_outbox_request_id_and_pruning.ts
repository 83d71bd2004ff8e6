import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * The outbox row remembers the API request that caused it (its X-Request-Id), so the worker's log
 * lines about the job can be tied to that request; and dispatched rows get an index for the
 * scheduled pruning that deletes them once past their retention.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE outbox ADD COLUMN origin_request_id text
      CONSTRAINT outbox_origin_request_id_length CHECK (char_length(origin_request_id) <= 128);
    CREATE INDEX outbox_dispatched_at_idx ON outbox (dispatched_at) WHERE dispatched_at IS NOT NULL;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP INDEX outbox_dispatched_at_idx;
    ALTER TABLE outbox DROP COLUMN origin_request_id;
    `,
  );
}
