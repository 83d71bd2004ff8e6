import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** PUBG Mobile: UC packages and the UC codes the store redeems on a player's account. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE pubg_denominations (
      id         serial PRIMARY KEY,
      uc_amount  integer NOT NULL CONSTRAINT pubg_denominations_uc_amount_unique UNIQUE
                 CONSTRAINT pubg_denominations_uc_amount_positive CHECK (uc_amount > 0),
      price_usd  bigint NOT NULL CONSTRAINT pubg_denominations_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub  bigint NOT NULL CONSTRAINT pubg_denominations_price_rub_non_negative CHECK (price_rub >= 0),
      active     boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE pubg_codes (
      id              bigserial PRIMARY KEY,
      -- Deleting a package deletes its codes (the admin is warned); codes in an order block it.
      denomination_id integer NOT NULL REFERENCES pubg_denominations (id) ON DELETE CASCADE,
      code_encrypted  text NOT NULL,
      code_hash       text NOT NULL CONSTRAINT pubg_codes_code_hash_unique UNIQUE,
      status          text NOT NULL DEFAULT 'available'
                      CONSTRAINT pubg_codes_status_valid CHECK (status IN ('available', 'reserved', 'used', 'error')),
      order_id        bigint REFERENCES orders (id) ON DELETE RESTRICT,
      -- Why the provider rejected the code (status 'error').
      error_message   text,
      used_at         timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    -- Taking the oldest available code of a package.
    CREATE INDEX pubg_codes_available_idx ON pubg_codes (denomination_id, id) WHERE status = 'available';
    CREATE INDEX pubg_codes_order_id_idx ON pubg_codes (order_id);
    -- The foreign key's cascade and the admin list per package.
    CREATE INDEX pubg_codes_denomination_idx ON pubg_codes (denomination_id);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE pubg_codes;
    DROP TABLE pubg_denominations;
    `,
  );
}
