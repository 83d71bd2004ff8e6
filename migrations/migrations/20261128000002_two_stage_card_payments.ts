import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Card payments in two stages: a gateway payment may be held for capture (waiting_for_capture), and
 * the store's decision to capture or cancel it is kept with the idempotence key it is sent with. Open
 * payments are read back on a schedule of their own that backs off (1, 2, 4 ... 60 minutes).
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE payments DROP CONSTRAINT payments_gateway_status_valid;
    ALTER TABLE payments
      ADD CONSTRAINT payments_gateway_status_valid
          CHECK (gateway_status IN ('pending', 'waiting_for_capture', 'succeeded', 'canceled')),
      -- The store decided to capture the held payment (while its order held the codes) or to cancel it.
      ADD COLUMN capture_key uuid,
      ADD COLUMN cancel_key uuid,
      ADD CONSTRAINT payments_capture_or_cancel CHECK (capture_key IS NULL OR cancel_key IS NULL),
      -- When the sweep reads the payment back next, and how many reads found it still open.
      ADD COLUMN gateway_next_check_at timestamptz,
      ADD COLUMN gateway_checks integer NOT NULL DEFAULT 0;
    DROP INDEX payments_unsettled_idx;
    -- Open at the gateway, or final there and not applied here: what the sweep reads back.
    CREATE INDEX payments_gateway_open_idx ON payments (gateway_next_check_at NULLS FIRST)
      WHERE gateway_status IS NULL OR gateway_status IN ('pending', 'waiting_for_capture') OR status = 'pending';
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP INDEX payments_gateway_open_idx;
    CREATE INDEX payments_unsettled_idx ON payments (provider, created_at)
      WHERE gateway_status IS NULL OR gateway_status = 'pending';
    ALTER TABLE payments
      DROP CONSTRAINT payments_capture_or_cancel,
      DROP COLUMN capture_key,
      DROP COLUMN cancel_key,
      DROP COLUMN gateway_next_check_at,
      DROP COLUMN gateway_checks,
      DROP CONSTRAINT payments_gateway_status_valid;
    UPDATE payments SET gateway_status = 'pending' WHERE gateway_status = 'waiting_for_capture';
    ALTER TABLE payments ADD CONSTRAINT payments_gateway_status_valid CHECK (gateway_status IN ('pending', 'succeeded', 'canceled'));
    `,
  );
}
