import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Payme (docs/architecture.md, "Payme"): an order may be paid `payme`, and each transaction Payme's
 * Merchant API creates for an order is kept as Payme names it (its 24-character id, its own `time`) with
 * the store's times in milliseconds, its state (1 created, 2 performed, -1 cancelled, -2 cancelled
 * after perform) and its cancel reason, so every repeated call is answered from the row. One live
 * (created or performed) transaction per order.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card', 'sbp', 'payme'));
    ALTER TABLE payments DROP CONSTRAINT payments_method_valid,
      ADD CONSTRAINT payments_method_valid CHECK (method IN ('card', 'sbp', 'payme'));

    CREATE TABLE payme_transactions (
      -- What the store answers as "transaction": its own number of the transaction.
      id            bigserial PRIMARY KEY,
      -- Payme's id of the transaction (params.id).
      payme_id      text NOT NULL CONSTRAINT payme_transactions_payme_id_unique UNIQUE
                      CONSTRAINT payme_transactions_payme_id_length CHECK (char_length(payme_id) BETWEEN 1 AND 64),
      payment_id    bigint NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
      order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
      -- Payme's time of the transaction (params.time), milliseconds: GetStatement selects by it.
      payme_time    bigint NOT NULL,
      -- Tiyin, and the account as Payme sent them.
      amount        bigint NOT NULL CONSTRAINT payme_transactions_amount_positive CHECK (amount > 0),
      account       jsonb NOT NULL,
      -- The store's times, milliseconds since the epoch; 0 while it has not happened, as Payme reads them.
      create_time   bigint NOT NULL,
      perform_time  bigint NOT NULL DEFAULT 0,
      cancel_time   bigint NOT NULL DEFAULT 0,
      state         smallint NOT NULL DEFAULT 1 CONSTRAINT payme_transactions_state_valid CHECK (state IN (1, 2, -1, -2)),
      reason        smallint,
      CONSTRAINT payme_transactions_cancel_has_reason CHECK ((state < 0) = (reason IS NOT NULL))
    );
    CREATE UNIQUE INDEX payme_transactions_one_live_per_order ON payme_transactions (order_id) WHERE state IN (1, 2);
    CREATE INDEX payme_transactions_payme_time_idx ON payme_transactions (payme_time);
    `,
  );
}

/** Fails while an order or a payment was paid through Payme. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE payme_transactions;
    ALTER TABLE payments DROP CONSTRAINT payments_method_valid,
      ADD CONSTRAINT payments_method_valid CHECK (method IN ('card', 'sbp'));
    ALTER TABLE orders DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card', 'sbp'));
    `,
  );
}
