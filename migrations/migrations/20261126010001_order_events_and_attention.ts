import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Every order's history, and the flag an operator looks for.
 *
 * order_events is append-only like balance_ledger: what happened to an order (placed, paid, each
 * delivery attempt with the provider's answer, refunds, an admin's change or note) is never rewritten.
 * actor_id is the admin behind an event, null for the store itself.
 *
 * orders.attention_reason / attention_since: a paid order whose delivery ran out of attempts keeps its
 * status and says why it needs a person; both are set or both are null.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE order_events (
      id          bigserial PRIMARY KEY,
      order_id    bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
      kind        text NOT NULL CONSTRAINT order_events_kind_valid CHECK (kind IN (
                    'placed', 'payment_created', 'payment_succeeded', 'payment_declined', 'payment_late',
                    'status_changed', 'delivery_attempt', 'codes_delivered', 'refunded', 'note',
                    'attention_raised', 'attention_cleared', 'retry_requested')),
      actor_id    integer REFERENCES users (id) ON DELETE RESTRICT,
      payload     jsonb NOT NULL DEFAULT '{}'::jsonb,
      request_id  text,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX order_events_order_id_idx ON order_events (order_id, id);

    CREATE FUNCTION order_events_forbid_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'order_events is append-only: % of event % refused', TG_OP, OLD.id
        USING ERRCODE = 'restrict_violation',
              HINT = 'Record what changed as a new event.';
    END;
    $$;

    CREATE TRIGGER order_events_append_only
      BEFORE UPDATE OR DELETE ON order_events
      FOR EACH ROW EXECUTE FUNCTION order_events_forbid_change();

    ALTER TABLE orders
      ADD COLUMN attention_reason text,
      ADD COLUMN attention_since timestamptz,
      ADD CONSTRAINT orders_attention_complete CHECK ((attention_reason IS NULL) = (attention_since IS NULL));
    CREATE INDEX orders_attention_since_idx ON orders (attention_since) WHERE attention_since IS NOT NULL;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP INDEX orders_attention_since_idx;
    ALTER TABLE orders
      DROP CONSTRAINT orders_attention_complete,
      DROP COLUMN attention_since,
      DROP COLUMN attention_reason;
    DROP TRIGGER order_events_append_only ON order_events;
    DROP FUNCTION order_events_forbid_change();
    DROP TABLE order_events;
    `,
  );
}
