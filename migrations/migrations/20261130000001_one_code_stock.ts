import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { SELLABLE_STOCK_OF_TWO_TABLES } from './20261121200001_sellable_stock_view';
import { PLACE_CART_ORDER_INTO_TWO_TABLES, TAKE_CODES_FROM_TWO_TABLES } from './20261125120001_checkout_in_one_statement';

/** The sources of the code stock, each numbered by a sequence of its own (`stock_codes_<source>_number_seq`). */
const SOURCES = ['manual', 'generated', 'pubg_redemption', 'supplier'] as const;

/** Each old table, the source its rows become, and the sequence that numbered them. */
const LEGACY_TABLES = [
  { table: 'codes', source: 'manual', itemColumn: 'code_id' },
  { table: 'generated_codes', source: 'generated', itemColumn: 'generated_code_id' },
  { table: 'pubg_codes', source: 'pubg_redemption', itemColumn: 'pubg_code_id' },
] as const;

/**
 * `to` continues where `from` stood: after its largest value in use and after the last it handed out
 * (a deleted row's number is never handed out again).
 */
const continueSequence = (to: string, from: string, column: string, table: string, where = 'true') => `
  SELECT setval('${to}',
                greatest((SELECT max(${column}) FROM ${table} WHERE ${where}),
                         (SELECT CASE WHEN is_called THEN last_value END FROM ${from}), 1),
                EXISTS (SELECT 1 FROM ${table} WHERE ${where}) OR (SELECT is_called FROM ${from}));`;

/** Everything a shopper can buy as a code now: available manual codes and published generated ones (always global). */
const SELLABLE_STOCK_VIEW = `
  CREATE VIEW sellable_stock AS
    SELECT id, source, product_id, region_id, game_amount, price_usd, price_rub, popular
      FROM stock_codes
     WHERE status = 'available' AND (source = 'manual' OR (source = 'generated' AND published));`;

/** take_codes's signature, up to its language. */
export const TAKE_CODES_SIGNATURE = `take_codes(
    p_product_id  integer,
    p_region_id   integer,
    p_game_amount integer,
    p_price_usd   bigint,
    p_price_rub   bigint,
    p_count       integer
  ) RETURNS TABLE (id bigint)`;

export const TAKE_CODES = `
  /*
   * Locks up to p_count available codes of exactly this price option, oldest first: manual codes,
   * then (for a global option) published generated codes. SKIP LOCKED lets concurrent checkouts
   * take different codes instead of queueing on the same rows; a code sold meanwhile fails the
   * re-check after locking and is left out, so no code is taken twice. Fewer rows than p_count
   * means the option is short of stock.
   */
  CREATE FUNCTION ${TAKE_CODES_SIGNATURE}
  LANGUAGE sql AS $$
    SELECT c.id FROM stock_codes c
     WHERE c.status = 'available' AND c.product_id = p_product_id
       AND c.game_amount = p_game_amount AND c.price_usd = p_price_usd AND c.price_rub = p_price_rub
       AND ((c.source = 'manual' AND c.region_id IS NOT DISTINCT FROM p_region_id)
            OR (c.source = 'generated' AND c.published AND p_region_id IS NULL))
     ORDER BY c.source = 'generated', c.id
     LIMIT p_count
       FOR UPDATE SKIP LOCKED;
  $$;`;

export const PLACE_CART_ORDER = `
  /*
   * Places the user's cart as one order of codes. Invariants, in the order they are checked:
   * 1. The cart lines are locked: a concurrent checkout of the same cart waits, then finds it empty
   *    (CART_EMPTY), so one cart is paid for once.
   * 2. The order is priced at the configured USD->RUB rate (SERVICE_UNAVAILABLE without one).
   * 3. Every unit of a line takes one code of exactly the line's price option (take_codes()), so
   *    no code is sold twice and prices are the stock's. A line short of stock, or no longer on sale
   *    (cart_lines.sellable), refuses the whole cart (OUT_OF_STOCK).
   * 4. The order, one item per code, the codes reserved for it, and the cart emptied.
   * 5. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short)
   *    and the fulfilment job is written to the outbox. A card order waits, unpaid, for its payment.
   * Returns the order, its total (minor units of the order currency), its rate, the outbox row of
   * its fulfilment job (NULL for a card order) and the products whose stock it took.
   */
  CREATE FUNCTION place_cart_order(
    p_user_id        integer,
    p_currency       text,
    -- 'balance' (paid now) or 'card' (paid later through a gateway).
    p_payment_method text,
    -- The order's first status: initialOrderStatus() in common.
    p_status         text,
    -- How long the codes stay reserved; for a card order also its payment deadline.
    p_hold_seconds   integer
  ) RETURNS TABLE (order_id bigint, total bigint, rate_usd_rub numeric, outbox_id bigint, product_ids integer[])
  LANGUAGE plpgsql AS $$
  DECLARE
    paid          constant boolean := p_payment_method = 'balance';
    rate          numeric;
    line          record;
    taken_ids     bigint[];
    item_lines    bigint[] := '{}';
    item_codes    bigint[] := '{}';
    order_total   bigint := 0;
    order_usd     bigint := 0;
    new_order_id  bigint;
    new_outbox_id bigint;
    products      integer[] := '{}';
  BEGIN
    -- 1.
    PERFORM FROM cart_items WHERE user_id = p_user_id ORDER BY id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Cart empty' USING ERRCODE = 'SR001', DETAIL = json_build_object('rule', 'CART_EMPTY');
    END IF;

    -- 2.
    SELECT cr.rate INTO rate FROM currency_rates cr WHERE cr.from_currency = 'usd' AND cr.to_currency = 'rub';
    IF rate IS NULL THEN
      RAISE EXCEPTION 'No USD->RUB rate' USING ERRCODE = 'SR001', DETAIL = json_build_object('rule', 'SERVICE_UNAVAILABLE');
    END IF;

    -- 3.
    FOR line IN SELECT * FROM cart_lines cl WHERE cl.user_id = p_user_id ORDER BY cl.id LOOP
      taken_ids := '{}';
      IF line.sellable THEN
        SELECT coalesce(array_agg(t.id ORDER BY t.n), '{}') INTO taken_ids
          FROM take_codes(line.product_id, line.region_id, line.game_amount, line.price_usd, line.price_rub, line.quantity)
               WITH ORDINALITY AS t (id, n);
      END IF;
      IF cardinality(taken_ids) < line.quantity THEN
        RAISE EXCEPTION 'Out of stock' USING ERRCODE = 'SR001', DETAIL = json_build_object(
          'rule', 'OUT_OF_STOCK', 'productId', line.product_id, 'title', line.product_title,
          'requested', line.quantity, 'available', cardinality(taken_ids));
      END IF;
      item_lines := item_lines || array_fill(line.id, ARRAY[line.quantity]);
      item_codes := item_codes || taken_ids;
      order_total := order_total + line.quantity * CASE p_currency WHEN 'usd' THEN line.price_usd ELSE line.price_rub END;
      order_usd := order_usd + line.quantity * line.price_usd;
      products := products || line.product_id;
    END LOOP;

    -- 4. Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
    INSERT INTO orders (user_id, status, kind, payment_method, currency, total, total_usd, rate_usd_rub, paid_at, hold_expires_at)
    VALUES (p_user_id, p_status, 'codes', p_payment_method, p_currency, order_total, order_usd, rate,
            CASE WHEN paid THEN now() END,
            CASE WHEN NOT paid THEN now() + make_interval(secs => p_hold_seconds) END)
    RETURNING id INTO new_order_id;

    INSERT INTO order_items (order_id, item_type, product_id, region_id, stock_code_id,
                             game_amount, amount, price_usd, price_rub, rate_used)
    SELECT new_order_id, 'code', ci.product_id, ci.region_id, item.code_id,
           ci.game_amount, CASE p_currency WHEN 'usd' THEN ci.price_usd ELSE ci.price_rub END,
           ci.price_usd, ci.price_rub, rate
      FROM unnest(item_lines, item_codes) WITH ORDINALITY AS item (line_id, code_id, n)
      JOIN cart_items ci ON ci.id = item.line_id
     ORDER BY item.n;

    UPDATE stock_codes c
       SET status = 'reserved', order_id = new_order_id, reserved_until = now() + make_interval(secs => p_hold_seconds)
     WHERE c.id = any(item_codes);

    DELETE FROM cart_items WHERE user_id = p_user_id;

    -- 5. The ledger refuses a zero movement; a cart of free codes has nothing to pay.
    IF paid THEN
      IF order_total > 0 THEN
        PERFORM change_balance(p_user_id, p_currency, -order_total, 'order_payment',
                               format('order:%s:payment', new_order_id), new_order_id);
      END IF;
      INSERT INTO outbox (queue, job_name, payload)
      VALUES ('fulfilment', 'fulfil-order', jsonb_build_object('orderId', new_order_id))
      RETURNING id INTO new_outbox_id;
    END IF;

    RETURN QUERY SELECT new_order_id, order_total, rate, new_outbox_id, products;
  END;
  $$;`;

/**
 * One code stock (docs/architecture.md, "The code stock"): manual codes, generated Free Fire codes and
 * PUBG's redemption codes become rows of `stock_codes` with their `source`, sharing one reservation,
 * sale, reveal, masking, export and low-stock path. Every id anyone saw stays: a row keeps its old id
 * as its `number`, unique within its source and continued by that source's own sequence, which the back
 * office's three views show as `id`. Order items point at the stock with one column. Generated codes
 * name their offer by its denomination id, as PUBG's codes already did. `down` gives the three tables
 * back with their rows, ids and sequences, and order items their three columns.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE stock_codes (
      id                         bigserial PRIMARY KEY,
      -- 'manual': loaded by an admin, sold by product and price option; 'generated': made by the store for a
      -- Free Fire offer, sold like manual codes once published; 'pubg_redemption': redeemed on a shopper's
      -- account by a top-up of its denomination; 'supplier': bought from a supplier for an order.
      source                     text NOT NULL CONSTRAINT stock_codes_source_valid CHECK (source IN (${SOURCES.map((source) => `'${source}'`).join(', ')})),
      -- The id its source's back-office view shows (the old tables' ids kept); drawn from the source's sequence.
      number                     bigint NOT NULL,
      product_id                 integer REFERENCES products (id) ON DELETE RESTRICT,
      -- null: a global code.
      region_id                  integer REFERENCES regions (id) ON DELETE RESTRICT,
      denomination_id            integer REFERENCES game_denominations (id) ON DELETE RESTRICT,
      generation_request_id      uuid REFERENCES code_generation_requests (id) ON DELETE RESTRICT,
      -- AES-256-GCM under CODES_KEY; the hash is keyed (server-kit/src/code-crypto.ts).
      code_encrypted             text NOT NULL,
      code_hash                  text NOT NULL,
      -- What a code sold by price option credits and costs (minor units); a redeemed code's are its denomination's.
      game_amount                integer CONSTRAINT stock_codes_game_amount_positive CHECK (game_amount > 0),
      price_usd                  bigint CONSTRAINT stock_codes_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub                  bigint CONSTRAINT stock_codes_price_rub_non_negative CHECK (price_rub >= 0),
      -- 'error': the game rejected it in an order.
      status                     text NOT NULL DEFAULT 'available'
                                 CONSTRAINT stock_codes_status_valid CHECK (status IN ('available', 'reserved', 'used', 'error')),
      popular                    boolean NOT NULL DEFAULT false,
      -- A generated code is offered to shoppers once published.
      published                  boolean NOT NULL DEFAULT false,
      order_id                   bigint REFERENCES orders (id) ON DELETE RESTRICT,
      reserved_until             timestamptz,
      -- When it was sold (a code order delivered) or redeemed (a top-up).
      sold_at                    timestamptz,
      -- A generated code credits one player once; the claim keeps the request's Idempotency-Key.
      activated_player_id        text,
      activated_at               timestamptz,
      activation_idempotency_key text,
      -- Why the game rejected a redeemed code.
      error_message              text,
      created_at                 timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stock_codes_number_unique UNIQUE (source, number),
      -- One row per code and source: the old tables each kept their codes unique, and every row moved in.
      CONSTRAINT stock_codes_code_hash_unique UNIQUE (source, code_hash),
      CONSTRAINT stock_codes_manual_shape CHECK (source <> 'manual' OR (
        product_id IS NOT NULL AND game_amount IS NOT NULL AND price_usd IS NOT NULL AND price_rub IS NOT NULL
        AND denomination_id IS NULL AND generation_request_id IS NULL AND NOT published
        AND activated_at IS NULL AND activated_player_id IS NULL AND error_message IS NULL AND status <> 'error')),
      CONSTRAINT stock_codes_generated_shape CHECK (source <> 'generated' OR (
        product_id IS NOT NULL AND denomination_id IS NOT NULL AND region_id IS NULL
        AND game_amount IS NOT NULL AND price_usd IS NOT NULL AND price_rub IS NOT NULL
        AND NOT popular AND error_message IS NULL AND status <> 'error')),
      CONSTRAINT stock_codes_redeemed_shape CHECK (source NOT IN ('pubg_redemption', 'supplier') OR (
        denomination_id IS NOT NULL AND product_id IS NULL AND region_id IS NULL AND generation_request_id IS NULL
        AND game_amount IS NULL AND price_usd IS NULL AND price_rub IS NULL AND NOT popular AND NOT published
        AND activated_at IS NULL AND activated_player_id IS NULL)),
      CONSTRAINT stock_codes_activation_has_player CHECK (activated_at IS NULL OR activated_player_id IS NOT NULL),
      -- A code sold by price option is held until a time; a redeemed one for as long as its top-up runs.
      CONSTRAINT stock_codes_reserved_has_order_and_hold CHECK (status <> 'reserved' OR (
        order_id IS NOT NULL AND (reserved_until IS NOT NULL OR source IN ('pubg_redemption', 'supplier')))),
      CONSTRAINT stock_codes_manual_used_has_order CHECK (status <> 'used' OR order_id IS NOT NULL OR source <> 'manual')
    );
    ${SOURCES.map((source) => `CREATE SEQUENCE stock_codes_${source}_number_seq AS bigint OWNED BY stock_codes.number;`).join('\n    ')}

    -- A new code is numbered by its source's sequence, unless it names its number (the migrations do).
    CREATE FUNCTION stock_codes_number() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.number IS NULL THEN
        NEW.number := nextval(format('stock_codes_%s_number_seq', NEW.source)::regclass);
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER stock_codes_numbered BEFORE INSERT ON stock_codes FOR EACH ROW EXECUTE FUNCTION stock_codes_number();

    -- take_codes(): a price option's available codes.
    CREATE INDEX stock_codes_available_options_idx ON stock_codes (product_id, region_id, game_amount, price_usd, price_rub)
      WHERE status = 'available' AND source IN ('manual', 'generated');
    -- A denomination's codes (a top-up takes one, the back office counts them).
    CREATE INDEX stock_codes_denomination_idx ON stock_codes (denomination_id, id) WHERE denomination_id IS NOT NULL;
    CREATE INDEX stock_codes_product_id_idx ON stock_codes (product_id) WHERE product_id IS NOT NULL;
    CREATE INDEX stock_codes_order_id_idx ON stock_codes (order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX stock_codes_reserved_until_idx ON stock_codes (status, reserved_until) WHERE status = 'reserved';
    CREATE INDEX stock_codes_generation_request_idx ON stock_codes (generation_request_id) WHERE generation_request_id IS NOT NULL;

    INSERT INTO stock_codes (source, number, product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub,
                             status, popular, order_id, reserved_until, sold_at, created_at)
    SELECT 'manual', id, product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub,
           status, popular, order_id, reserved_until, sold_at, created_at
      FROM codes ORDER BY id;
    INSERT INTO stock_codes (source, number, product_id, denomination_id, generation_request_id, code_encrypted, code_hash,
                             game_amount, price_usd, price_rub, status, published, order_id, reserved_until, sold_at,
                             activated_player_id, activated_at, activation_idempotency_key, created_at)
    SELECT 'generated', g.id, g.product_id, d.id, g.generation_request_id, g.code_encrypted, g.code_hash,
           g.game_amount, g.price_usd, g.price_rub, g.status, g.published, g.order_id, g.reserved_until, g.sold_at,
           g.activated_player_id, g.activated_at, g.activation_idempotency_key, g.created_at
      FROM generated_codes g JOIN game_denominations d ON d.legacy_id = g.denomination_id ORDER BY g.id;
    INSERT INTO stock_codes (source, number, denomination_id, code_encrypted, code_hash, status, order_id, sold_at, error_message, created_at)
    SELECT 'pubg_redemption', id, denomination_id, code_encrypted, code_hash, status, order_id, used_at, error_message, created_at
      FROM pubg_codes ORDER BY id;
    ${LEGACY_TABLES.map(({ table, source }) => continueSequence(`stock_codes_${source}_number_seq`, `${table}_id_seq`, 'number', 'stock_codes', `source = '${source}'`)).join('')}

    ALTER TABLE order_items ADD COLUMN stock_code_id bigint REFERENCES stock_codes (id) ON DELETE RESTRICT;
    ${LEGACY_TABLES.map(
      ({ source, itemColumn }) => `
    UPDATE order_items oi SET stock_code_id = c.id FROM stock_codes c WHERE c.source = '${source}' AND c.number = oi.${itemColumn};`,
    ).join('')}
    -- A code appears in at most one order item, ever.
    CREATE UNIQUE INDEX order_items_stock_code_id_unique ON order_items (stock_code_id) WHERE stock_code_id IS NOT NULL;

    DROP VIEW sellable_stock;
    DROP FUNCTION place_cart_order(integer, text, text, text, integer);
    DROP FUNCTION take_codes(integer, integer, integer, bigint, bigint, integer);
    ALTER TABLE order_items DROP CONSTRAINT order_items_at_most_one_code,
      DROP COLUMN code_id, DROP COLUMN generated_code_id, DROP COLUMN pubg_code_id;
    DROP TABLE codes;
    DROP TABLE generated_codes;
    DROP TABLE pubg_codes;

    ${SELLABLE_STOCK_VIEW}
    ${TAKE_CODES}
    ${PLACE_CART_ORDER}
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE codes (
      id             bigserial PRIMARY KEY,
      product_id     integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
      region_id      integer REFERENCES regions (id) ON DELETE RESTRICT,
      code_encrypted text NOT NULL,
      code_hash      text NOT NULL CONSTRAINT codes_code_hash_unique UNIQUE,
      game_amount    integer NOT NULL CONSTRAINT codes_game_amount_positive CHECK (game_amount > 0),
      price_usd      bigint NOT NULL CONSTRAINT codes_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub      bigint NOT NULL CONSTRAINT codes_price_rub_non_negative CHECK (price_rub >= 0),
      status         text NOT NULL DEFAULT 'available' CONSTRAINT codes_status_valid CHECK (status IN ('available', 'reserved', 'used')),
      popular        boolean NOT NULL DEFAULT false,
      order_id       bigint REFERENCES orders (id) ON DELETE RESTRICT,
      reserved_until timestamptz,
      sold_at        timestamptz,
      created_at     timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT codes_reserved_has_order_and_hold CHECK (status <> 'reserved' OR (reserved_until IS NOT NULL AND order_id IS NOT NULL)),
      CONSTRAINT codes_used_has_order CHECK (status <> 'used' OR order_id IS NOT NULL)
    );
    CREATE INDEX codes_available_options_idx ON codes (product_id, region_id, game_amount, price_usd, price_rub) WHERE status = 'available';
    CREATE INDEX codes_order_id_idx ON codes (order_id);
    CREATE INDEX codes_product_id_idx ON codes (product_id);
    CREATE INDEX codes_reserved_until_idx ON codes (status, reserved_until) WHERE status = 'reserved';

    CREATE TABLE generated_codes (
      id                         bigserial PRIMARY KEY,
      denomination_id            integer NOT NULL REFERENCES game_denominations (legacy_id) ON DELETE RESTRICT,
      product_id                 integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
      generation_request_id      uuid REFERENCES code_generation_requests (id) ON DELETE RESTRICT,
      code_encrypted             text NOT NULL,
      code_hash                  text NOT NULL CONSTRAINT generated_codes_code_hash_unique UNIQUE,
      game_amount                integer NOT NULL CONSTRAINT generated_codes_game_amount_positive CHECK (game_amount > 0),
      price_usd                  bigint NOT NULL CONSTRAINT generated_codes_price_usd_non_negative CHECK (price_usd >= 0),
      price_rub                  bigint NOT NULL CONSTRAINT generated_codes_price_rub_non_negative CHECK (price_rub >= 0),
      status                     text NOT NULL DEFAULT 'available'
                                 CONSTRAINT generated_codes_status_valid CHECK (status IN ('available', 'reserved', 'used')),
      published                  boolean NOT NULL DEFAULT false,
      order_id                   bigint REFERENCES orders (id) ON DELETE RESTRICT,
      reserved_until             timestamptz,
      sold_at                    timestamptz,
      activated_player_id        text,
      activated_at               timestamptz,
      created_at                 timestamptz NOT NULL DEFAULT now(),
      activation_idempotency_key text,
      CONSTRAINT generated_codes_activation_has_player CHECK (activated_at IS NULL OR activated_player_id IS NOT NULL),
      CONSTRAINT generated_codes_reserved_has_order_and_hold CHECK (status <> 'reserved' OR (reserved_until IS NOT NULL AND order_id IS NOT NULL))
    );
    CREATE INDEX generated_codes_available_idx ON generated_codes (denomination_id, price_usd) WHERE status = 'available' AND published;
    CREATE INDEX generated_codes_denomination_idx ON generated_codes (denomination_id);
    CREATE INDEX generated_codes_generation_request_idx ON generated_codes (generation_request_id);
    CREATE INDEX generated_codes_order_id_idx ON generated_codes (order_id);

    CREATE TABLE pubg_codes (
      id              bigserial PRIMARY KEY,
      denomination_id integer NOT NULL REFERENCES game_denominations (id) ON DELETE CASCADE,
      code_encrypted  text NOT NULL,
      code_hash       text NOT NULL CONSTRAINT pubg_codes_code_hash_unique UNIQUE,
      status          text NOT NULL DEFAULT 'available' CONSTRAINT pubg_codes_status_valid CHECK (status IN ('available', 'reserved', 'used', 'error')),
      order_id        bigint REFERENCES orders (id) ON DELETE RESTRICT,
      error_message   text,
      used_at         timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pubg_codes_available_idx ON pubg_codes (denomination_id, id) WHERE status = 'available';
    CREATE INDEX pubg_codes_denomination_idx ON pubg_codes (denomination_id);
    CREATE INDEX pubg_codes_order_id_idx ON pubg_codes (order_id);

    INSERT INTO codes (id, product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub,
                       status, popular, order_id, reserved_until, sold_at, created_at)
    SELECT number, product_id, region_id, code_encrypted, code_hash, game_amount, price_usd, price_rub,
           status, popular, order_id, reserved_until, sold_at, created_at
      FROM stock_codes WHERE source = 'manual' ORDER BY number;
    INSERT INTO generated_codes (id, denomination_id, product_id, generation_request_id, code_encrypted, code_hash, game_amount,
                                 price_usd, price_rub, status, published, order_id, reserved_until, sold_at,
                                 activated_player_id, activated_at, created_at, activation_idempotency_key)
    SELECT c.number, d.legacy_id, c.product_id, c.generation_request_id, c.code_encrypted, c.code_hash, c.game_amount,
           c.price_usd, c.price_rub, c.status, c.published, c.order_id, c.reserved_until, c.sold_at,
           c.activated_player_id, c.activated_at, c.created_at, c.activation_idempotency_key
      FROM stock_codes c JOIN game_denominations d ON d.id = c.denomination_id WHERE c.source = 'generated' ORDER BY c.number;
    INSERT INTO pubg_codes (id, denomination_id, code_encrypted, code_hash, status, order_id, error_message, used_at, created_at)
    SELECT number, denomination_id, code_encrypted, code_hash, status, order_id, error_message, sold_at, created_at
      FROM stock_codes WHERE source = 'pubg_redemption' ORDER BY number;
    ${LEGACY_TABLES.map(({ table, source }) => continueSequence(`${table}_id_seq`, `stock_codes_${source}_number_seq`, 'id', table)).join('')}

    ALTER TABLE order_items
      ADD COLUMN code_id bigint REFERENCES codes (id) ON DELETE RESTRICT,
      ADD COLUMN generated_code_id bigint REFERENCES generated_codes (id) ON DELETE RESTRICT,
      ADD COLUMN pubg_code_id bigint REFERENCES pubg_codes (id) ON DELETE RESTRICT;
    ${LEGACY_TABLES.map(
      ({ source, itemColumn }) => `
    UPDATE order_items oi SET ${itemColumn} = c.number FROM stock_codes c WHERE c.source = '${source}' AND c.id = oi.stock_code_id;`,
    ).join('')}
    ALTER TABLE order_items ADD CONSTRAINT order_items_at_most_one_code CHECK (num_nonnulls(code_id, generated_code_id, pubg_code_id) <= 1);
    CREATE UNIQUE INDEX order_items_code_id_unique ON order_items (code_id) WHERE code_id IS NOT NULL;
    CREATE UNIQUE INDEX order_items_generated_code_id_unique ON order_items (generated_code_id) WHERE generated_code_id IS NOT NULL;
    CREATE INDEX order_items_pubg_code_id_idx ON order_items (pubg_code_id) WHERE pubg_code_id IS NOT NULL;

    DROP VIEW sellable_stock;
    DROP FUNCTION place_cart_order(integer, text, text, text, integer);
    DROP FUNCTION take_codes(integer, integer, integer, bigint, bigint, integer);
    ALTER TABLE order_items DROP COLUMN stock_code_id;
    DROP TABLE stock_codes;
    DROP FUNCTION stock_codes_number();

    ${SELLABLE_STOCK_OF_TWO_TABLES}
    ${TAKE_CODES_FROM_TWO_TABLES}
    ${PLACE_CART_ORDER_INTO_TWO_TABLES}
    `,
  );
}
