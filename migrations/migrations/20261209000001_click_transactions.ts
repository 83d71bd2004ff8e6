import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Click (docs/architecture.md, "Click"): an order may be paid `click`, and each payment attempt Click's
 * SHOP API prepares for an order is kept as Click names it (click_trans_id, click_paydoc_id) with the
 * amount in tiyin and its state (0 prepared, 1 completed, -1 cancelled, with Click's error code and note
 * when Click cancelled it), so every repeated Prepare or Complete is answered from the row. Its id is
 * the store's merchant_prepare_id and merchant_confirm_id. One completed attempt per order.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card', 'sbp', 'payme', 'click'));
    ALTER TABLE payments DROP CONSTRAINT payments_method_valid,
      ADD CONSTRAINT payments_method_valid CHECK (method IN ('card', 'sbp', 'payme', 'click'));

    CREATE TABLE click_transactions (
      -- The store's merchant_prepare_id (and merchant_confirm_id) of the attempt.
      id               bigserial PRIMARY KEY,
      -- Click's ids of the attempt and of the payment document the shopper sees.
      click_trans_id   bigint NOT NULL CONSTRAINT click_transactions_click_trans_id_unique UNIQUE,
      click_paydoc_id  bigint NOT NULL,
      payment_id       bigint NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
      order_id         bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
      -- Tiyin: Click's sum in sums, times 100.
      amount           bigint NOT NULL CONSTRAINT click_transactions_amount_positive CHECK (amount > 0),
      state            smallint NOT NULL DEFAULT 0 CONSTRAINT click_transactions_state_valid CHECK (state IN (0, 1, -1)),
      -- Click's error and note of a Complete that cancelled the attempt.
      error            smallint,
      error_note       text,
      prepared_at      timestamptz NOT NULL DEFAULT now(),
      completed_at     timestamptz,
      cancelled_at     timestamptz,
      CONSTRAINT click_transactions_completed_at CHECK ((state = 1) = (completed_at IS NOT NULL)),
      CONSTRAINT click_transactions_cancelled_at CHECK ((state = -1) = (cancelled_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX click_transactions_one_completed_per_order ON click_transactions (order_id) WHERE state = 1;
    CREATE INDEX click_transactions_order_idx ON click_transactions (order_id);
    `,
  );
}

/** Fails while an order or a payment was paid through Click. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TABLE click_transactions;
    ALTER TABLE payments DROP CONSTRAINT payments_method_valid,
      ADD CONSTRAINT payments_method_valid CHECK (method IN ('card', 'sbp', 'payme'));
    ALTER TABLE orders DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card', 'sbp', 'payme'));
    `,
  );
}
