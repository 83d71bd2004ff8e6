import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Manual activation codes (gift cards, wallet codes) loaded by admins. A price option shown to
 * shoppers is a distinct (region, game_amount, price_usd, price_rub) among available codes.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE codes (
      id             bigserial PRIMARY KEY,
      product_id     integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
      -- NULL: a global code, valid in every region.
      region_id      integer REFERENCES regions (id) ON DELETE RESTRICT,
      -- AES-256-GCM, see server-kit/src/code-crypto.ts.
      code_encrypted text NOT NULL,
      -- Keyed hash of the code: the same code can never be loaded twice.
      code_hash      text NOT NULL CONSTRAINT codes_code_hash_unique UNIQUE,
      game_amount    integer NOT NULL CONSTRAINT codes_game_amount_positive CHECK (game_amount > 0),
      price_usd      bigint NOT NULL CONSTRAINT codes_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub      bigint NOT NULL CONSTRAINT codes_price_rub_non_negative CHECK (price_rub >= 0),
      status         text NOT NULL DEFAULT 'available'
                     CONSTRAINT codes_status_valid CHECK (status IN ('available', 'reserved', 'used')),
      popular        boolean NOT NULL DEFAULT false,
      order_id       bigint REFERENCES orders (id) ON DELETE RESTRICT,
      reserved_until timestamptz,
      sold_at        timestamptz,
      created_at     timestamptz NOT NULL DEFAULT now(),
      -- A reservation always belongs to an order and ends; a sold code always belongs to an order.
      CONSTRAINT codes_reserved_has_order_and_hold
        CHECK (status <> 'reserved' OR (reserved_until IS NOT NULL AND order_id IS NOT NULL)),
      CONSTRAINT codes_used_has_order CHECK (status <> 'used' OR order_id IS NOT NULL)
    );
    -- Price options of a product and taking stock for an option (available codes only).
    CREATE INDEX codes_available_options_idx ON codes (product_id, region_id, game_amount, price_usd, price_rub)
      WHERE status = 'available';
    CREATE INDEX codes_order_id_idx ON codes (order_id);
    -- All codes of a product, whatever their status (admin lists; the products foreign key).
    CREATE INDEX codes_product_id_idx ON codes (product_id);
    -- Reservations whose hold has run out.
    CREATE INDEX codes_reserved_until_idx ON codes (status, reserved_until) WHERE status = 'reserved';
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, `DROP TABLE codes;`);
}
