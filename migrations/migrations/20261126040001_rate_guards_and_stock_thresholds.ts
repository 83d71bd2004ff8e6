import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Exchange rates keep one row per pair (USD->RUB 79): the inverse (RUB->USD) is derived exactly
 * where it is used, by dividing, so the two directions can never drift apart. Existing inverse
 * rows fold into their pair: of two directions the one worth more than 1 stays (the one prices
 * use); a lone rate below 1 is turned round (RUB->USD 0.0125 becomes USD->RUB 80).
 *
 * A rate knows when it was last checked (by the feed or an admin, even unchanged) apart from when
 * its value last changed. A change larger than rate_change_confirm_percent needs an admin's
 * confirmation, and the automatic update refuses it. Every rate update (a job run, or an admin
 * setting a rate) is kept with what it changed and refused, for the dashboard.
 *
 * stock_thresholds: below how many sellable a stock line is low, per product (narrowed by region
 * and amount), PUBG package or Free Fire offer; the row naming none of them is the default.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DELETE FROM currency_rates x
     USING currency_rates y
     WHERE y.from_currency = x.to_currency AND y.to_currency = x.from_currency
       AND (y.rate > x.rate OR (y.rate = x.rate AND y.id < x.id));
    UPDATE currency_rates
       SET from_currency = to_currency, to_currency = from_currency, rate = round(1 / rate, 6)
     WHERE rate < 1;
    CREATE UNIQUE INDEX currency_rates_one_row_per_pair
      ON currency_rates (least(from_currency, to_currency), greatest(from_currency, to_currency));

    ALTER TABLE currency_rates
      ADD COLUMN checked_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
    UPDATE currency_rates SET checked_at = updated_at, changed_at = updated_at;

    ALTER TABLE currency_settings
      ADD COLUMN rate_change_confirm_percent numeric(6, 2) NOT NULL DEFAULT 10
        CONSTRAINT currency_settings_confirm_percent_range
        CHECK (rate_change_confirm_percent > 0 AND rate_change_confirm_percent <= 1000);

    ALTER TABLE rate_update_runs DROP CONSTRAINT rate_update_runs_trigger_valid;
    ALTER TABLE rate_update_runs
      -- 'admin': an admin set a rate by hand (run_key 'admin:<id>').
      ADD CONSTRAINT rate_update_runs_trigger_valid CHECK (trigger IN ('scheduled', 'manual', 'admin')),
      -- [{from, to, before, after}]: the rates the update changed.
      ADD COLUMN changes jsonb NOT NULL DEFAULT '[]',
      -- [{from, to, current, offered, percent}]: feed rates too far from the current one, not applied.
      ADD COLUMN refusals jsonb NOT NULL DEFAULT '[]';
    CREATE INDEX rate_update_runs_created_at_idx ON rate_update_runs (created_at);

    CREATE TABLE stock_thresholds (
      id                       serial PRIMARY KEY,
      product_id               integer REFERENCES products (id) ON DELETE CASCADE,
      -- With a product: only its codes of this region / of this amount; NULL: any.
      region_id                integer REFERENCES regions (id) ON DELETE CASCADE,
      game_amount              integer CONSTRAINT stock_thresholds_game_amount_positive CHECK (game_amount > 0),
      pubg_denomination_id     integer REFERENCES pubg_denominations (id) ON DELETE CASCADE,
      freefire_denomination_id integer REFERENCES freefire_denominations (id) ON DELETE CASCADE,
      -- A line with fewer sellable than this is low stock.
      threshold                integer NOT NULL CONSTRAINT stock_thresholds_threshold_range CHECK (threshold BETWEEN 0 AND 1000000),
      created_at               timestamptz NOT NULL DEFAULT now(),
      updated_at               timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stock_thresholds_one_target
        CHECK (num_nonnulls(product_id, pubg_denomination_id, freefire_denomination_id) <= 1),
      CONSTRAINT stock_thresholds_option_of_product
        CHECK (product_id IS NOT NULL OR (region_id IS NULL AND game_amount IS NULL))
    );
    CREATE UNIQUE INDEX stock_thresholds_target_unique ON stock_thresholds (
      coalesce(product_id, 0), coalesce(region_id, 0), coalesce(game_amount, 0),
      coalesce(pubg_denomination_id, 0), coalesce(freefire_denomination_id, 0)
    );
    CREATE INDEX stock_thresholds_region_id_idx ON stock_thresholds (region_id);
    CREATE INDEX stock_thresholds_pubg_denomination_id_idx ON stock_thresholds (pubg_denomination_id);
    CREATE INDEX stock_thresholds_freefire_denomination_id_idx ON stock_thresholds (freefire_denomination_id);
    INSERT INTO stock_thresholds (threshold) VALUES (10);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE stock_thresholds;
    DROP INDEX rate_update_runs_created_at_idx;
    DELETE FROM rate_update_runs WHERE trigger = 'admin';
    ALTER TABLE rate_update_runs DROP COLUMN refusals, DROP COLUMN changes, DROP CONSTRAINT rate_update_runs_trigger_valid;
    ALTER TABLE rate_update_runs ADD CONSTRAINT rate_update_runs_trigger_valid CHECK (trigger IN ('scheduled', 'manual'));
    ALTER TABLE currency_settings DROP COLUMN rate_change_confirm_percent;
    ALTER TABLE currency_rates DROP COLUMN changed_at, DROP COLUMN checked_at;
    DROP INDEX currency_rates_one_row_per_pair;
    INSERT INTO currency_rates (from_currency, to_currency, rate, auto_update)
    SELECT to_currency, from_currency, round(1 / rate, 6), auto_update FROM currency_rates
     WHERE round(1 / rate, 6) > 0;
    `,
  );
}
