import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** Cart, order items, card payments, gateway events and the transactional outbox. */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE cart_items (
      id          bigserial PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_id  integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      -- NULL: global codes. A cart line is worthless without its region, so it goes with it.
      region_id   integer REFERENCES regions (id) ON DELETE CASCADE,
      game_amount integer NOT NULL CONSTRAINT cart_items_game_amount_positive CHECK (game_amount > 0),
      price_usd   bigint NOT NULL CONSTRAINT cart_items_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub   bigint NOT NULL CONSTRAINT cart_items_price_rub_non_negative CHECK (price_rub >= 0),
      quantity    integer NOT NULL CONSTRAINT cart_items_quantity_range CHECK (quantity > 0 AND quantity <= 1000),
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    -- One line per price option: adding the same option again raises the quantity (ON CONFLICT).
    -- It leads with user_id, so it also serves "the user's cart" and the users foreign key.
    CREATE UNIQUE INDEX cart_items_option_unique
      ON cart_items (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub);
    CREATE INDEX cart_items_product_id_idx ON cart_items (product_id);

    CREATE TABLE order_items (
      id                 bigserial PRIMARY KEY,
      order_id           bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      item_type          text NOT NULL CONSTRAINT order_items_item_type_valid CHECK (item_type IN ('code', 'topup')),
      product_id         integer REFERENCES products (id) ON DELETE RESTRICT,
      region_id          integer REFERENCES regions (id) ON DELETE RESTRICT,
      -- The code delivered (at most one per item): a manual, a generated Free Fire or a PUBG code.
      code_id            bigint REFERENCES codes (id) ON DELETE RESTRICT,
      generated_code_id  bigint REFERENCES generated_codes (id) ON DELETE RESTRICT,
      pubg_code_id       bigint REFERENCES pubg_codes (id) ON DELETE RESTRICT,
      game_amount        integer CONSTRAINT order_items_game_amount_positive CHECK (game_amount > 0),
      -- Price in minor units of the order currency, and the listing's prices at the time of sale.
      amount             bigint NOT NULL CONSTRAINT order_items_amount_non_negative CHECK (amount >= 0),
      price_usd          bigint NOT NULL CONSTRAINT order_items_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub          bigint NOT NULL CONSTRAINT order_items_price_rub_non_negative CHECK (price_rub >= 0),
      rate_used          numeric(18, 6) NOT NULL CONSTRAINT order_items_rate_used_positive CHECK (rate_used > 0),
      -- What the shopper asked for (service, player id or login, offer ...), as validated by the API.
      topup_data         jsonb,
      provider_status    text
                         CONSTRAINT order_items_provider_status_valid
                         CHECK (provider_status IN ('pending', 'succeeded', 'failed')),
      provider_reference text,
      created_at         timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT order_items_topup_has_data CHECK (item_type <> 'topup' OR topup_data IS NOT NULL),
      CONSTRAINT order_items_at_most_one_code CHECK (num_nonnulls(code_id, generated_code_id, pubg_code_id) <= 1)
    );
    CREATE INDEX order_items_order_id_idx ON order_items (order_id);
    -- A code is in at most one order item, ever: a code can never be sold twice.
    CREATE UNIQUE INDEX order_items_code_id_unique ON order_items (code_id) WHERE code_id IS NOT NULL;
    CREATE UNIQUE INDEX order_items_generated_code_id_unique ON order_items (generated_code_id)
      WHERE generated_code_id IS NOT NULL;
    CREATE INDEX order_items_pubg_code_id_idx ON order_items (pubg_code_id) WHERE pubg_code_id IS NOT NULL;

    CREATE TABLE payments (
      id                  bigserial PRIMARY KEY,
      user_id             integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      order_id            bigint REFERENCES orders (id) ON DELETE RESTRICT,
      -- 'sandbox' or a real gateway's name.
      provider            text NOT NULL,
      provider_payment_id text,
      amount              bigint NOT NULL CONSTRAINT payments_amount_positive CHECK (amount > 0),
      currency            text NOT NULL CONSTRAINT payments_currency_valid CHECK (currency IN ('usd', 'rub')),
      status              text NOT NULL DEFAULT 'pending'
                          CONSTRAINT payments_status_valid
                          CHECK (status IN ('pending', 'paid', 'declined', 'expired', 'refunded')),
      pay_url             text,
      expires_at          timestamptz NOT NULL,
      paid_at             timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payments_provider_payment_unique UNIQUE (provider, provider_payment_id)
    );
    CREATE INDEX payments_order_id_idx ON payments (order_id);
    CREATE INDEX payments_user_id_idx ON payments (user_id);
    -- Pending payments past their expiry.
    CREATE INDEX payments_status_expires_idx ON payments (status, expires_at);

    -- Every verified gateway callback, stored before it is applied; the unique key drops re-deliveries.
    CREATE TABLE gateway_events (
      id                bigserial PRIMARY KEY,
      provider          text NOT NULL,
      provider_event_id text NOT NULL,
      payment_id        bigint REFERENCES payments (id) ON DELETE RESTRICT,
      event_type        text NOT NULL,
      payload           jsonb NOT NULL,
      received_at       timestamptz NOT NULL DEFAULT now(),
      processed_at      timestamptz,
      CONSTRAINT gateway_events_provider_event_unique UNIQUE (provider, provider_event_id)
    );
    CREATE INDEX gateway_events_payment_id_idx ON gateway_events (payment_id);

    -- Jobs written in the same transaction as the change that needs them; a relay moves them to BullMQ.
    CREATE TABLE outbox (
      id            bigserial PRIMARY KEY,
      queue         text NOT NULL
                    CONSTRAINT outbox_queue_valid CHECK (queue IN (
                      'fulfilment', 'payment-callback', 'code-generation', 'rate-update', 'reservation-expiry')),
      job_name      text NOT NULL,
      payload       jsonb NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz,
      attempts      integer NOT NULL DEFAULT 0 CONSTRAINT outbox_attempts_non_negative CHECK (attempts >= 0),
      last_error    text
    );
    -- The relay's work list: small, because dispatched rows drop out of it.
    CREATE INDEX outbox_undispatched_idx ON outbox (id) WHERE dispatched_at IS NULL;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE outbox;
    DROP TABLE gateway_events;
    DROP TABLE payments;
    DROP TABLE order_items;
    DROP TABLE cart_items;
    `,
  );
}
