import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Costs, margins and balances watched (docs/architecture.md, "Costs and margins", "Supplier balances"): a
 * delivered attempt keeps its cost in the order's currency and the rate it was converted at, and a
 * denomination may be sold at a loss only once an admin has said so.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE supplier_orders
      -- What the supplier charged, in minor units of the order's currency at the rate of the day it was
      -- delivered; null while unknown: no cost reported, or no rate between the two currencies.
      ADD COLUMN sale_cost bigint,
      -- Units of the order's currency per unit of cost_currency used for sale_cost (1 for the same currency).
      ADD COLUMN cost_rate numeric(24, 12) CONSTRAINT supplier_orders_cost_rate_positive CHECK (cost_rate > 0);
    -- The margin report reads a range of days' deliveries.
    CREATE INDEX supplier_orders_succeeded_idx ON supplier_orders (order_item_id) WHERE status = 'succeeded';

    -- An admin confirmed selling it although its cheapest source costs more than its price.
    ALTER TABLE game_denominations ADD COLUMN sell_at_loss boolean NOT NULL DEFAULT false;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE game_denominations DROP COLUMN sell_at_loss;
    DROP INDEX supplier_orders_succeeded_idx;
    ALTER TABLE supplier_orders DROP COLUMN cost_rate, DROP COLUMN sale_cost;
    `,
  );
}
