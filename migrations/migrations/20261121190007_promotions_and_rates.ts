import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Promotion badges, exchange rates and the currency settings singleton. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE promotions (
      id               serial PRIMARY KEY,
      text             text NOT NULL CONSTRAINT promotions_text_length CHECK (char_length(text) BETWEEN 1 AND 200),
      background_color text NOT NULL
                       CONSTRAINT promotions_background_color_format CHECK (background_color ~ '^#[0-9a-fA-F]{6}$'),
      active           boolean NOT NULL DEFAULT true,
      sort_order       integer NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX promotions_active_idx ON promotions (active, sort_order);

    CREATE TABLE currency_rates (
      id            serial PRIMARY KEY,
      -- Lowercase ISO 4217 codes, as the API speaks them ('usd', 'rub', 'kzt').
      from_currency text NOT NULL CONSTRAINT currency_rates_from_format CHECK (from_currency ~ '^[a-z]{3}$'),
      to_currency   text NOT NULL CONSTRAINT currency_rates_to_format CHECK (to_currency ~ '^[a-z]{3}$'),
      -- Units of to_currency per unit of from_currency. numeric, read as a string: never a float.
      rate          numeric(18, 6) NOT NULL CONSTRAINT currency_rates_rate_positive CHECK (rate > 0),
      -- Refreshed by the daily rate-update job when true; admin-managed only when false.
      auto_update   boolean NOT NULL DEFAULT true,
      updated_at    timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT currency_rates_pair_unique UNIQUE (from_currency, to_currency),
      CONSTRAINT currency_rates_distinct_pair CHECK (from_currency <> to_currency)
    );

    -- Exactly one row (id = 1).
    CREATE TABLE currency_settings (
      id                       smallint PRIMARY KEY DEFAULT 1 CONSTRAINT currency_settings_singleton CHECK (id = 1),
      steam_commission_percent numeric(5, 2) NOT NULL DEFAULT 3
                               CONSTRAINT currency_settings_commission_range
                               CHECK (steam_commission_percent BETWEEN 0 AND 100),
      -- Master switch of the daily rate update.
      rates_auto_update        boolean NOT NULL DEFAULT true,
      updated_at               timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE currency_settings;
    DROP TABLE currency_rates;
    DROP TABLE promotions;
    `,
  );
}
