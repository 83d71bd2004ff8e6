import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Gateway payments for every kind of order (cart and top-ups), by card or SBP, through the sandbox or
 * a real gateway that may charge in a currency of its own; refunds back to the card; and the lines of
 * a declined or expired card order going back into the cart.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE payments
      -- How the shopper pays on the gateway's page.
      ADD COLUMN method text NOT NULL DEFAULT 'card' CONSTRAINT payments_method_valid CHECK (method IN ('card', 'sbp')),
      -- The payment's state as last read back from a gateway whose notifications are only hints.
      ADD COLUMN gateway_status text CONSTRAINT payments_gateway_status_valid
                 CHECK (gateway_status IN ('pending', 'succeeded', 'canceled')),
      ADD COLUMN gateway_checked_at timestamptz,
      -- Minor units of the payment's currency returned to the card so far.
      ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0
                 CONSTRAINT payments_refunded_amount_range CHECK (refunded_amount >= 0 AND refunded_amount <= amount);
    -- Payments a poller re-reads from the gateway until they settle.
    CREATE INDEX payments_unsettled_idx ON payments (provider, created_at)
      WHERE gateway_status IS NULL OR gateway_status = 'pending';

    -- Money returned to the card a payment came from (a refund to the balance is a ledger row instead).
    CREATE TABLE payment_refunds (
      id                 bigserial PRIMARY KEY,
      payment_id         bigint NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
      order_id           bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
      -- Minor units of the payment's currency.
      amount             bigint NOT NULL CONSTRAINT payment_refunds_amount_positive CHECK (amount > 0),
      currency           text NOT NULL CONSTRAINT payment_refunds_currency_valid CHECK (currency IN ('usd', 'rub')),
      -- The part of the order's own total (its currency) this refund returns: what the balance is
      -- credited instead should the gateway refuse the refund.
      order_amount       bigint NOT NULL CONSTRAINT payment_refunds_order_amount_non_negative CHECK (order_amount >= 0),
      status             text NOT NULL DEFAULT 'pending'
                         CONSTRAINT payment_refunds_status_valid CHECK (status IN ('pending', 'succeeded', 'failed')),
      provider_refund_id text,
      reason             text NOT NULL,
      -- The admin who asked for it; NULL when the store refunded a failed delivery by itself.
      requested_by       integer REFERENCES users (id) ON DELETE SET NULL,
      failure            text,
      created_at         timestamptz NOT NULL DEFAULT now(),
      settled_at         timestamptz
    );
    CREATE INDEX payment_refunds_payment_id_idx ON payment_refunds (payment_id);
    CREATE INDEX payment_refunds_order_id_idx ON payment_refunds (order_id);
    CREATE INDEX payment_refunds_requested_by_idx ON payment_refunds (requested_by);
    CREATE INDEX payment_refunds_pending_idx ON payment_refunds (created_at) WHERE status = 'pending';

    -- A declined or expired card order's lines were put back into the shopper's cart.
    ALTER TABLE orders ADD COLUMN returned_to_cart boolean NOT NULL DEFAULT false;

    -- Where a failed delivery of a card-paid top-up is refunded: the balance, or the card (when the
    -- gateway can refund).
    ALTER TABLE currency_settings
      ADD COLUMN failed_card_topup_refund_to text NOT NULL DEFAULT 'balance'
          CONSTRAINT currency_settings_refund_to_valid CHECK (failed_card_topup_refund_to IN ('balance', 'card'));

    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE currency_settings DROP COLUMN failed_card_topup_refund_to;
    ALTER TABLE orders DROP COLUMN returned_to_cart;
    DROP TABLE payment_refunds;
    DROP INDEX payments_unsettled_idx;
    ALTER TABLE payments
      DROP COLUMN refunded_amount,
      DROP COLUMN gateway_checked_at,
      DROP COLUMN gateway_status,
      DROP COLUMN method;
    `,
  );
}
