import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * take_codes() and place_cart_order() as they read the two code tables of the time (`codes`,
 * `generated_codes`); the one code stock (20261130000001_one_code_stock.ts) replaces them and restores
 * these on its way down.
 */
export const TAKE_CODES_FROM_TWO_TABLES = `
    /*
     * Locks up to p_count available codes of exactly this price option, oldest first: manual codes,
     * then (for a global option) published generated codes. SKIP LOCKED lets concurrent checkouts
     * take different codes instead of queueing on the same rows; a code sold meanwhile fails the
     * re-check after locking and is left out, so no code is taken twice. Fewer rows than p_count
     * means the option is short of stock.
     */
    CREATE FUNCTION take_codes(
      p_product_id  integer,
      p_region_id   integer,
      p_game_amount integer,
      p_price_usd   bigint,
      p_price_rub   bigint,
      p_count       integer
    ) RETURNS TABLE (source text, id bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      manual bigint[];
    BEGIN
      manual := ARRAY(
        SELECT c.id FROM codes c
         WHERE c.status = 'available' AND c.product_id = p_product_id
           AND (c.region_id = p_region_id OR (c.region_id IS NULL AND p_region_id IS NULL))
           AND c.game_amount = p_game_amount AND c.price_usd = p_price_usd AND c.price_rub = p_price_rub
         ORDER BY c.id
         LIMIT p_count
           FOR UPDATE SKIP LOCKED);
      RETURN QUERY SELECT 'code'::text, m.id FROM unnest(manual) AS m (id);
      IF cardinality(manual) < p_count AND p_region_id IS NULL THEN
        RETURN QUERY
          SELECT 'generated'::text, g.id FROM generated_codes g
           WHERE g.status = 'available' AND g.published AND g.product_id = p_product_id
             AND g.game_amount = p_game_amount AND g.price_usd = p_price_usd AND g.price_rub = p_price_rub
           ORDER BY g.id
           LIMIT p_count - cardinality(manual)
             FOR UPDATE SKIP LOCKED;
      END IF;
    END;
    $$;
`;

export const PLACE_CART_ORDER_INTO_TWO_TABLES = `
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
      taken_sources text[];
      item_lines    bigint[] := '{}';
      item_codes    bigint[] := '{}';
      item_sources  text[] := '{}';
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
        taken_sources := '{}';
        IF line.sellable THEN
          SELECT coalesce(array_agg(t.id ORDER BY t.n), '{}'), coalesce(array_agg(t.source ORDER BY t.n), '{}')
            INTO taken_ids, taken_sources
            FROM take_codes(line.product_id, line.region_id, line.game_amount, line.price_usd, line.price_rub, line.quantity)
                 WITH ORDINALITY AS t (source, id, n);
        END IF;
        IF cardinality(taken_ids) < line.quantity THEN
          RAISE EXCEPTION 'Out of stock' USING ERRCODE = 'SR001', DETAIL = json_build_object(
            'rule', 'OUT_OF_STOCK', 'productId', line.product_id, 'title', line.product_title,
            'requested', line.quantity, 'available', cardinality(taken_ids));
        END IF;
        item_lines := item_lines || array_fill(line.id, ARRAY[line.quantity]);
        item_codes := item_codes || taken_ids;
        item_sources := item_sources || taken_sources;
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

      INSERT INTO order_items (order_id, item_type, product_id, region_id, code_id, generated_code_id,
                               game_amount, amount, price_usd, price_rub, rate_used)
      SELECT new_order_id, 'code', ci.product_id, ci.region_id,
             CASE WHEN item.source = 'code' THEN item.code_id END,
             CASE WHEN item.source = 'generated' THEN item.code_id END,
             ci.game_amount, CASE p_currency WHEN 'usd' THEN ci.price_usd ELSE ci.price_rub END,
             ci.price_usd, ci.price_rub, rate
        FROM unnest(item_lines, item_codes, item_sources) WITH ORDINALITY AS item (line_id, code_id, source, n)
        JOIN cart_items ci ON ci.id = item.line_id
       ORDER BY item.n;

      UPDATE codes c
         SET status = 'reserved', order_id = new_order_id, reserved_until = now() + make_interval(secs => p_hold_seconds)
        FROM order_items oi
       WHERE oi.order_id = new_order_id AND c.id = oi.code_id;
      UPDATE generated_codes g
         SET status = 'reserved', order_id = new_order_id, reserved_until = now() + make_interval(secs => p_hold_seconds)
        FROM order_items oi
       WHERE oi.order_id = new_order_id AND g.id = oi.generated_code_id;

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
    $$;
`;

/**
 * A checkout as one statement, so it costs one round trip to the database instead of one per step:
 * - change_balance(): a balance movement and its ledger entry (server-kit's changeBalance calls it).
 * - place_cart_order(): the shopper's cart as an order, paid from the balance or waiting for a card.
 * - take_codes(): the one rule for taking stock of a price option (checkout, and an admin's re-run).
 * - cart_lines: cart lines with their product's title and whether they are still on sale, read by
 *   the cart page and by checkout alike.
 *
 * A store rule that refuses (an empty cart, missing stock or rate, too little money) raises SQLSTATE
 * SR001 with a JSON DETAIL {"rule": <the API's error code>, ...facts}; server-kit's sqlRefusal() reads it.
 * The refusal aborts the statement, so a refused checkout leaves nothing behind.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    /*
     * Moves money on a balance and appends its ledger entry. Invariants:
     * - Never below zero: the update is conditional (and the balances CHECK backs it); the balance row
     *   lock it takes serialises concurrent movements of one balance.
     * - One movement per reference: a reference already on the ledger returns its entry and moves
     *   nothing (refused if it names a different movement). Two transactions racing with the same new
     *   reference both pass that check; the ledger's unique index then fails the later one.
     */
    CREATE FUNCTION change_balance(
      p_user_id   integer,
      p_currency  text,
      -- Signed minor units: a credit is positive, a debit negative.
      p_amount    bigint,
      p_reason    text,
      p_reference text,
      p_order_id  bigint DEFAULT NULL,
      p_actor_id  integer DEFAULT NULL,
      p_note      text DEFAULT NULL
    ) RETURNS balance_ledger
    LANGUAGE plpgsql AS $$
    DECLARE
      entry     balance_ledger;
      new_total bigint;
      available bigint;
    BEGIN
      SELECT * INTO entry FROM balance_ledger WHERE reference = p_reference;
      IF FOUND THEN
        IF entry.user_id <> p_user_id OR entry.currency <> p_currency OR entry.amount <> p_amount THEN
          RAISE EXCEPTION 'Ledger reference % is already used by a different movement', p_reference;
        END IF;
        RETURN entry;
      END IF;

      UPDATE balances SET amount = amount + p_amount, updated_at = now()
       WHERE user_id = p_user_id AND currency = p_currency AND amount + p_amount >= 0
      RETURNING amount INTO new_total;
      IF NOT FOUND THEN
        SELECT amount INTO available FROM balances WHERE user_id = p_user_id AND currency = p_currency;
        -- Balance rows are created with the user, so a missing one is a broken invariant, not a shortfall.
        IF NOT FOUND THEN
          RAISE EXCEPTION 'User % has no % balance row', p_user_id, p_currency;
        END IF;
        RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'SR001', DETAIL = json_build_object(
          'rule', 'INSUFFICIENT_BALANCE', 'required', -p_amount, 'available', available, 'currency', p_currency);
      END IF;

      INSERT INTO balance_ledger (user_id, currency, amount, balance_after, reason, order_id, actor_id, note, reference)
      VALUES (p_user_id, p_currency, p_amount, new_total, p_reason, p_order_id, p_actor_id, p_note, p_reference)
      RETURNING * INTO entry;
      RETURN entry;
    END;
    $$;

    -- The catalogue's rule for what is on sale (catalogue.service regionFilter), for cart lines.
    CREATE VIEW cart_lines AS
      SELECT ci.id, ci.user_id, ci.product_id, ci.region_id, ci.game_amount, ci.price_usd, ci.price_rub, ci.quantity,
             p.title AS product_title, p.image_url,
             coalesce(nullif(pr.game_currency, ''), p.game_currency) AS game_currency,
             coalesce(p.active AND CASE WHEN ci.region_id IS NULL THEN p.has_global_codes
                                        ELSE p.has_regions AND pr.product_id IS NOT NULL AND r.is_active END,
                      false) AS sellable
        FROM cart_items ci
        JOIN products p ON p.id = ci.product_id
        LEFT JOIN product_regions pr ON pr.product_id = ci.product_id AND pr.region_id = ci.region_id
        LEFT JOIN regions r ON r.id = ci.region_id;

    ${TAKE_CODES_FROM_TWO_TABLES}
    ${PLACE_CART_ORDER_INTO_TWO_TABLES}
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION place_cart_order(integer, text, text, text, integer);
    DROP FUNCTION take_codes(integer, integer, integer, bigint, bigint, integer);
    DROP VIEW cart_lines;
    DROP FUNCTION change_balance(integer, text, bigint, text, text, bigint, integer, text);
    `,
  );
}
