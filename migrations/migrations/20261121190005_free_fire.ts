import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Free Fire: offers (denominations), code generation requests and the codes the store generates. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE freefire_denominations (
      id          serial PRIMARY KEY,
      name        text NOT NULL CONSTRAINT freefire_denominations_name_not_blank CHECK (btrim(name) <> ''),
      -- The offer id shoppers send (topupData.offer_id).
      item_id     integer NOT NULL CONSTRAINT freefire_denominations_item_id_unique UNIQUE
                  CONSTRAINT freefire_denominations_item_id_positive CHECK (item_id > 0),
      price_usd   bigint NOT NULL CONSTRAINT freefire_denominations_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub   bigint NOT NULL CONSTRAINT freefire_denominations_price_rub_non_negative CHECK (price_rub >= 0),
      game_amount integer NOT NULL CONSTRAINT freefire_denominations_game_amount_positive CHECK (game_amount > 0),
      is_active   boolean NOT NULL DEFAULT true,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE code_generation_requests (
      -- Also the idempotency key of the code-generation job.
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      denomination_id integer NOT NULL REFERENCES freefire_denominations (id) ON DELETE RESTRICT,
      count           integer NOT NULL
                      CONSTRAINT code_generation_requests_count_range CHECK (count BETWEEN 1 AND 100000),
      generated       integer NOT NULL DEFAULT 0
                      CONSTRAINT code_generation_requests_generated_range CHECK (generated BETWEEN 0 AND count),
      status          text NOT NULL DEFAULT 'queued'
                      CONSTRAINT code_generation_requests_status_valid
                      CHECK (status IN ('queued', 'running', 'completed', 'failed')),
      error           text,
      requested_by    integer REFERENCES users (id) ON DELETE SET NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      finished_at     timestamptz
    );
    CREATE INDEX code_generation_requests_denomination_idx ON code_generation_requests (denomination_id);

    CREATE TABLE generated_codes (
      id                    bigserial PRIMARY KEY,
      denomination_id       integer NOT NULL REFERENCES freefire_denominations (id) ON DELETE RESTRICT,
      -- The Free Fire product, so generated codes sit in orders like manual ones.
      product_id            integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
      generation_request_id uuid REFERENCES code_generation_requests (id) ON DELETE RESTRICT,
      code_encrypted        text NOT NULL,
      code_hash             text NOT NULL CONSTRAINT generated_codes_code_hash_unique UNIQUE,
      game_amount           integer NOT NULL CONSTRAINT generated_codes_game_amount_positive CHECK (game_amount > 0),
      price_usd             bigint NOT NULL CONSTRAINT generated_codes_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub             bigint NOT NULL CONSTRAINT generated_codes_price_rub_non_negative CHECK (price_rub >= 0),
      status                text NOT NULL DEFAULT 'available'
                            CONSTRAINT generated_codes_status_valid CHECK (status IN ('available', 'reserved', 'used')),
      -- Only published codes are offered to shoppers.
      published             boolean NOT NULL DEFAULT false,
      order_id              bigint REFERENCES orders (id) ON DELETE RESTRICT,
      reserved_until        timestamptz,
      sold_at               timestamptz,
      -- A code credits one player, once (POST /freefire/activate-code).
      activated_player_id   text,
      activated_at          timestamptz,
      created_at            timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT generated_codes_reserved_has_order_and_hold
        CHECK (status <> 'reserved' OR (reserved_until IS NOT NULL AND order_id IS NOT NULL)),
      CONSTRAINT generated_codes_activation_has_player
        CHECK (activated_at IS NULL OR activated_player_id IS NOT NULL)
    );
    -- Taking stock of a published offer.
    CREATE INDEX generated_codes_available_idx ON generated_codes (denomination_id, price_usd)
      WHERE status = 'available' AND published;
    CREATE INDEX generated_codes_generation_request_idx ON generated_codes (generation_request_id);
    CREATE INDEX generated_codes_order_id_idx ON generated_codes (order_id);
    -- All codes of an offer, whatever their status (admin lists; the denominations foreign key).
    CREATE INDEX generated_codes_denomination_idx ON generated_codes (denomination_id);
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE generated_codes;
    DROP TABLE code_generation_requests;
    DROP TABLE freefire_denominations;
    `,
  );
}
