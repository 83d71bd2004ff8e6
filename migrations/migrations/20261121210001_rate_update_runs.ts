import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * One row per run of the rate-update job, keyed by what makes it idempotent: the Moscow date of a
 * scheduled 09:00 run, or the request id of a manual refresh. However often a run's job is
 * delivered (a retry, a duplicate, two workers at once), the key admits one row and the row's lock
 * lets one of them apply the rates.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE rate_update_runs (
      -- A manual refresh's request id (what POST /admin/currency-rates/refresh answers).
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- 'scheduled:2026-11-22' or 'manual:<id>'.
      run_key      text NOT NULL CONSTRAINT rate_update_runs_run_key_unique UNIQUE,
      trigger      text NOT NULL CONSTRAINT rate_update_runs_trigger_valid CHECK (trigger IN ('scheduled', 'manual')),
      status       text NOT NULL DEFAULT 'queued'
                   CONSTRAINT rate_update_runs_status_valid
                   CHECK (status IN ('queued', 'completed', 'skipped', 'failed')),
      -- The RATES_PROVIDER that answered.
      provider     text,
      -- Rates changed by the run.
      updated      integer CONSTRAINT rate_update_runs_updated_non_negative CHECK (updated >= 0),
      -- The last attempt's failure; kept while retries remain.
      error        text,
      requested_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      finished_at  timestamptz,
      CONSTRAINT rate_update_runs_finished_has_time
        CHECK (status IN ('queued', 'failed') OR finished_at IS NOT NULL)
    );
    CREATE INDEX rate_update_runs_requested_by_idx ON rate_update_runs (requested_by);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, `DROP TABLE rate_update_runs;`);
}
