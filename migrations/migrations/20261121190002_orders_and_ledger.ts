import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Orders, and the append-only balance ledger (which points at orders, hence together).
 * Balance = sum of its ledger: every balance change writes one ledger row in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE orders (
      id              bigserial PRIMARY KEY,
      user_id         integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      status          text NOT NULL DEFAULT 'pending'
                      CONSTRAINT orders_status_valid
                      CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'cancelled')),
      kind            text NOT NULL CONSTRAINT orders_kind_valid CHECK (kind IN ('codes', 'topup')),
      payment_method  text NOT NULL
                      CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card')),
      currency        text NOT NULL CONSTRAINT orders_currency_valid CHECK (currency IN ('usd', 'rub')),
      -- Minor units of the order currency.
      total           bigint NOT NULL CONSTRAINT orders_total_non_negative CHECK (total >= 0),
      total_usd       bigint NOT NULL CONSTRAINT orders_total_usd_non_negative CHECK (total_usd >= 0),
      -- The USD->RUB rate the order was priced at, kept so a later rate change never reprices it.
      rate_usd_rub    numeric(18, 6) NOT NULL CONSTRAINT orders_rate_positive CHECK (rate_usd_rub > 0),
      failure_reason  text,
      -- Until when codes stay reserved for an unpaid card order.
      hold_expires_at timestamptz,
      paid_at         timestamptz,
      completed_at    timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    );
    -- A user's orders, newest first (also serves the user_id foreign key).
    CREATE INDEX orders_user_id_id_idx ON orders (user_id, id DESC);
    -- Unpaid orders whose hold has run out (reservation expiry).
    CREATE INDEX orders_pending_hold_idx ON orders (status, hold_expires_at) WHERE status = 'pending';

    CREATE TABLE balance_ledger (
      id            bigserial PRIMARY KEY,
      -- RESTRICT, not CASCADE: money history outlives accounts (and the ledger refuses deletes anyway).
      user_id       integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      currency      text NOT NULL CONSTRAINT balance_ledger_currency_valid CHECK (currency IN ('usd', 'rub')),
      -- Signed minor units: credit > 0, debit < 0.
      amount        bigint NOT NULL CONSTRAINT balance_ledger_amount_non_zero CHECK (amount <> 0),
      balance_after bigint NOT NULL CONSTRAINT balance_ledger_balance_after_non_negative CHECK (balance_after >= 0),
      reason        text NOT NULL
                    CONSTRAINT balance_ledger_reason_valid CHECK (reason IN (
                      'admin_topup', 'admin_adjustment', 'order_payment', 'order_refund',
                      'late_payment_credit', 'initial_grant')),
      order_id      bigint REFERENCES orders (id) ON DELETE RESTRICT,
      -- The admin who made a manual movement.
      actor_id      integer REFERENCES users (id) ON DELETE RESTRICT,
      note          text,
      -- One movement per business event (e.g. 'order:42:payment'): a retried job cannot move money twice.
      reference     text NOT NULL CONSTRAINT balance_ledger_reference_unique UNIQUE,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX balance_ledger_user_currency_idx ON balance_ledger (user_id, currency, id);
    CREATE INDEX balance_ledger_order_id_idx ON balance_ledger (order_id) WHERE order_id IS NOT NULL;

    CREATE FUNCTION balance_ledger_forbid_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'balance_ledger is append-only: % of entry % refused', TG_OP, OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'Correct a balance with a new, opposite ledger entry.';
    END;
    $$;

    CREATE TRIGGER balance_ledger_append_only
      BEFORE UPDATE OR DELETE ON balance_ledger
      FOR EACH ROW EXECUTE FUNCTION balance_ledger_forbid_change();
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP TRIGGER balance_ledger_append_only ON balance_ledger;
    DROP FUNCTION balance_ledger_forbid_change();
    DROP TABLE balance_ledger;
    DROP TABLE orders;
    `,
  );
}
