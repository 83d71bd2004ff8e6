import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * A code reveal is recorded once per order item, viewer and hour: an order page polled every few
 * moments shows the same code over and over, and one row says as much as a thousand. The row keeps
 * when, from where and with which browser the viewer first saw the code in that hour.
 *
 * reveal_hour is the start of revealed_at's hour in UTC, so it never depends on a session's time zone. Rows
 * written before this migration keep theirs only on the first reveal of each such hour (the others,
 * NULL, stay as the history they are: NULLs never clash in a unique index).
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE code_reveals ADD COLUMN reveal_hour timestamptz;
    UPDATE code_reveals r
       SET reveal_hour = date_trunc('hour', r.revealed_at, 'UTC')
     WHERE r.id IN (SELECT min(id) FROM code_reveals
                     GROUP BY order_item_id, user_id, date_trunc('hour', revealed_at, 'UTC'));
    ALTER TABLE code_reveals ALTER COLUMN reveal_hour SET DEFAULT date_trunc('hour', now(), 'UTC');
    -- Also serves the order_items foreign key, as the index it replaces did.
    CREATE UNIQUE INDEX code_reveals_hourly_unique ON code_reveals (order_item_id, user_id, reveal_hour);
    DROP INDEX code_reveals_order_item_id_idx;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE INDEX code_reveals_order_item_id_idx ON code_reveals (order_item_id);
    DROP INDEX code_reveals_hourly_unique;
    ALTER TABLE code_reveals DROP COLUMN reveal_hour;
    `,
  );
}
