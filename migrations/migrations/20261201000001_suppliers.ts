import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Wholesale suppliers deliver top-ups (docs/architecture.md, "Suppliers"): the suppliers, the products each
 * sells, a denomination source naming one of those products, and every attempt to have a supplier deliver
 * an order item, so a supplier order that stays pending, or whose answer was lost, is completed once.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE suppliers (
      id                    serial PRIMARY KEY,
      -- One row per kind, created at start when its settings are present ('sandbox' needs none).
      kind                  text NOT NULL UNIQUE
                            CONSTRAINT suppliers_kind_valid CHECK (kind IN ('sandbox', 'seagm', 'moogold', 'smartglocal')),
      name                  text NOT NULL,
      active                boolean NOT NULL DEFAULT true,
      -- Lower first where a denomination's sources tie; shown in the back office.
      priority              integer NOT NULL DEFAULT 1 CONSTRAINT suppliers_priority_range CHECK (priority BETWEEN 1 AND 100),
      -- Minor units of balance_currency, as the supplier last reported it.
      balance               bigint,
      balance_currency      text,
      balance_checked_at    timestamptz,
      low_balance_threshold bigint CONSTRAINT suppliers_low_balance_threshold_non_negative CHECK (low_balance_threshold >= 0),
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE supplier_products (
      id            serial PRIMARY KEY,
      supplier_id   integer NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
      -- The supplier's own id of the product (SEAGM: the recharge type id).
      external_id   text NOT NULL,
      -- The game it tops up; null for a product no game of the store matches yet.
      game_id       integer REFERENCES games (id) ON DELETE SET NULL,
      name          text NOT NULL,
      -- The account fields the supplier asks for, in its order: [{"name", "label"}].
      fields        jsonb NOT NULL DEFAULT '[]' CONSTRAINT supplier_products_fields_list CHECK (jsonb_typeof(fields) = 'array'),
      -- What one costs the store, in minor units of cost_currency.
      cost          bigint NOT NULL CONSTRAINT supplier_products_cost_non_negative CHECK (cost >= 0),
      cost_currency text NOT NULL,
      available     boolean NOT NULL DEFAULT true,
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supplier_products_external_unique UNIQUE (supplier_id, external_id)
    );
    CREATE INDEX supplier_products_game_idx ON supplier_products (game_id);

    -- A source may now name a supplier's product; 'sandbox' and 'code_stock' stay one per denomination.
    ALTER TABLE game_denomination_sources
      DROP CONSTRAINT game_denomination_sources_kind_valid,
      ADD CONSTRAINT game_denomination_sources_kind_valid CHECK (kind IN ('sandbox', 'code_stock', 'supplier')),
      ADD COLUMN supplier_product_id integer REFERENCES supplier_products (id) ON DELETE CASCADE,
      ADD CONSTRAINT game_denomination_sources_supplier_product CHECK ((kind = 'supplier') = (supplier_product_id IS NOT NULL)),
      DROP CONSTRAINT game_denomination_sources_kind_unique;
    CREATE UNIQUE INDEX game_denomination_sources_kind_unique
      ON game_denomination_sources (denomination_id, kind) WHERE kind <> 'supplier';
    CREATE UNIQUE INDEX game_denomination_sources_product_unique
      ON game_denomination_sources (denomination_id, supplier_product_id) WHERE kind = 'supplier';

    -- One row per attempt to have a supplier deliver (part of) an order item.
    CREATE TABLE supplier_orders (
      id                bigserial PRIMARY KEY,
      order_id          bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      order_item_id     bigint NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
      -- Which of the item's packages it credits (their index in topup_data.packages); null: the whole item.
      package_index     integer,
      -- 1, 2, ... within the item; with the item it makes our reference.
      attempt           integer NOT NULL CONSTRAINT supplier_orders_attempt_positive CHECK (attempt >= 1),
      supplier_id       integer NOT NULL REFERENCES suppliers (id),
      supplier_product_id integer REFERENCES supplier_products (id) ON DELETE SET NULL,
      -- Our stable reference, sent with the create and used to look the order up (SEAGM: mch_order_id).
      reference         text NOT NULL UNIQUE,
      supplier_order_id text,
      -- 'creating': sent, no answer known (a timeout, a crash): looked up by reference before anything else.
      status            text NOT NULL DEFAULT 'creating'
                        CONSTRAINT supplier_orders_status_valid CHECK (status IN ('creating', 'pending', 'succeeded', 'failed')),
      -- A failed attempt's reason (RejectionReason); its detail is the supplier's own words.
      reason            text,
      detail            text,
      -- What the supplier charged, in minor units of cost_currency.
      cost              bigint,
      cost_currency     text,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supplier_orders_attempt_unique UNIQUE (order_item_id, attempt)
    );
    CREATE INDEX supplier_orders_order_idx ON supplier_orders (order_id);
    CREATE INDEX supplier_orders_open_idx ON supplier_orders (supplier_id) WHERE status IN ('creating', 'pending');
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE supplier_orders;
    DELETE FROM game_denomination_sources WHERE kind = 'supplier';
    DROP INDEX game_denomination_sources_product_unique;
    DROP INDEX game_denomination_sources_kind_unique;
    ALTER TABLE game_denomination_sources
      DROP CONSTRAINT game_denomination_sources_supplier_product,
      DROP COLUMN supplier_product_id,
      DROP CONSTRAINT game_denomination_sources_kind_valid,
      ADD CONSTRAINT game_denomination_sources_kind_valid CHECK (kind IN ('sandbox', 'code_stock')),
      ADD CONSTRAINT game_denomination_sources_kind_unique UNIQUE (denomination_id, kind);
    DROP TABLE supplier_products;
    DROP TABLE suppliers;
    `,
  );
}
