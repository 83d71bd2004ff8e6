import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { PLACE_CART_ORDER_WITH_PROMOTIONS } from './20261211000001_promotions_that_discount';

const ORDER_PLACED_UNDER = `
    /*
     * The order the user's Idempotency-Key placed in the key's current use (created at or after
     * p_since), locked, or no row (docs/architecture.md, "Idempotency keys on the money calls"). It
     * first waits for any other run of the same key to end (a transaction lock), and takes the key off
     * an order of an earlier use of it, so the key can place a new one.
     */
    CREATE FUNCTION order_placed_under(p_user_id integer, p_key text, p_since timestamptz)
    RETURNS TABLE (id bigint, total bigint, discount bigint, promotion_discount bigint, currency text)
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(format('order-key:%s:%s', p_user_id, p_key), 0));
      UPDATE orders o SET idempotency_key = NULL
       WHERE o.user_id = p_user_id AND o.idempotency_key = p_key AND o.created_at < p_since;
      RETURN QUERY
        SELECT o.id, o.total, o.discount, o.promotion_discount, o.currency
          FROM orders o
         WHERE o.user_id = p_user_id AND o.idempotency_key = p_key AND o.created_at >= p_since
         LIMIT 1
           FOR UPDATE;
    END;
    $$;`;

const PLACE_CART_ORDER_WITH_ITS_EVENT = `
    /*
     * Places the user's cart as one order of codes. Invariants, in the order they are checked:
     * 1. The cart lines are locked: a concurrent checkout of the same cart waits, then finds it empty
     *    (CART_EMPTY), so one cart is paid for once.
     * 2. The order is priced at the configured USD->RUB rate, and a UZS order also at the USD->UZS rate
     *    (SERVICE_UNAVAILABLE without one): a unit in UZS is its USD price at that rate, rounded once to
     *    whole sums (usdToUzsMinor in common), and the order keeps the rate (orders.rate_usd_uzs).
     * 3. Every unit of a line takes one code of exactly the line's price option (take_codes()), so
     *    no code is sold twice and prices are the stock's. A line short of stock, or no longer on sale
     *    (cart_lines.sellable), refuses the whole cart (OUT_OF_STOCK). Each unit is charged its list
     *    price less the best promotion discount of its product now (promotion_discount), computed here,
     *    in the placing transaction; the order records the sum taken off (orders.promotion_discount).
     * 4. A promo code, when given, is quoted on the lines at their promotion prices (promo_code_quote,
     *    PROMO_CODE_INVALID with its reason) and the order's total is what is left after its discount.
     * 5. The order (both discounts and the code recorded, with the request's Idempotency-Key), its
     *    'placed' event on the timeline, one item per code at its list price, the codes reserved for it,
     *    the code's use counted (use_promo_code), and the cart emptied.
     * 6. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short)
     *    and the fulfilment job is written to the outbox, traced to the request. A card order waits,
     *    unpaid, for its payment.
     * Returns the order, its total after both discounts, the promo code's discount and the promotions'
     * (minor units of the order currency), its rate, the outbox row of its fulfilment job and the job's
     * id (NULL for a card order) and the products whose stock it took.
     */
    CREATE FUNCTION place_cart_order(
      p_user_id        integer,
      p_currency       text,
      -- 'balance' (paid now) or a gateway method (paid later).
      p_payment_method text,
      -- The order's first status: initialOrderStatus() in common.
      p_status         text,
      -- How long the codes stay reserved; for a card order also its payment deadline.
      p_hold_seconds   integer,
      -- The promo code the shopper entered, or NULL.
      p_promo_code     text DEFAULT NULL,
      -- The Idempotency-Key of the request placing it, or NULL.
      p_idempotency_key text DEFAULT NULL,
      -- The request placing it (X-Request-Id), for the timeline and the outbox row, or NULL.
      p_request_id     text DEFAULT NULL
    ) RETURNS TABLE (order_id bigint, total bigint, discount bigint, promotion_discount bigint, rate_usd_rub numeric, outbox_id bigint,
                     outbox_job_id uuid, product_ids integer[])
    LANGUAGE plpgsql AS $$
    DECLARE
      paid          constant boolean := p_payment_method = 'balance';
      rate          numeric;
      rate_uzs      numeric;
      line          record;
      line_total    bigint;
      unit_list     bigint;
      unit_off      bigint;
      promotion_off bigint := 0;
      taken_ids     bigint[];
      item_lines    bigint[] := '{}';
      item_codes    bigint[] := '{}';
      order_total   bigint := 0;
      order_usd     bigint := 0;
      line_products integer[] := '{}';
      line_games    integer[] := '{}';
      line_amounts  bigint[] := '{}';
      promo_id      integer;
      promo_off     bigint := 0;
      new_order_id  bigint;
      new_outbox_id bigint;
      new_job_id    uuid;
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
      IF p_currency = 'uzs' THEN
        SELECT cr.rate INTO rate_uzs FROM currency_rates cr WHERE cr.from_currency = 'usd' AND cr.to_currency = 'uzs';
        IF rate_uzs IS NULL THEN
          RAISE EXCEPTION 'No USD->UZS rate' USING ERRCODE = 'SR001', DETAIL = json_build_object('rule', 'SERVICE_UNAVAILABLE');
        END IF;
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
        unit_list := CASE p_currency
          WHEN 'usd' THEN line.price_usd
          -- round() on numeric rounds half away from zero, as usdToUzsMinor does.
          WHEN 'uzs' THEN round(line.price_usd * rate_uzs / 100)::bigint * 100
          ELSE line.price_rub END;
        unit_off := promotion_discount(line.product_id, NULL, p_currency, unit_list);
        line_total := line.quantity * (unit_list - unit_off);
        promotion_off := promotion_off + line.quantity * unit_off;
        order_total := order_total + line_total;
        -- The USD figure (reports) of what the unit sells for now.
        order_usd := order_usd + line.quantity * (line.price_usd - promotion_discount(line.product_id, NULL, 'usd', line.price_usd));
        products := products || line.product_id;
        line_products := line_products || line.product_id;
        line_games := line_games || NULL::integer;
        line_amounts := line_amounts || line_total;
      END LOOP;

      -- 4. The USD figure of the order (reports) is scaled by the same share.
      IF p_promo_code IS NOT NULL THEN
        SELECT q.promo_code_id, q.discount INTO promo_id, promo_off
          FROM promo_code_quote(p_promo_code, p_user_id, p_currency, line_products, line_games, line_amounts) q;
        IF order_total > 0 THEN
          order_usd := order_usd - round(order_usd::numeric * promo_off / order_total)::bigint;
        END IF;
        order_total := order_total - promo_off;
      END IF;

      -- 5. Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
      INSERT INTO orders (user_id, status, kind, payment_method, currency, total, total_usd, discount, promo_code_id,
                          promotion_discount, rate_usd_rub, rate_usd_uzs, paid_at, hold_expires_at, idempotency_key)
      VALUES (p_user_id, p_status, 'codes', p_payment_method, p_currency, order_total, order_usd, promo_off, promo_id,
              promotion_off,
              rate, rate_uzs,
              CASE WHEN paid THEN now() END,
              CASE WHEN NOT paid THEN now() + make_interval(secs => p_hold_seconds) END,
              p_idempotency_key)
      RETURNING id INTO new_order_id;

      -- The store placed it (no actor); each discount only when one was taken.
      INSERT INTO order_events (order_id, kind, actor_id, payload, request_id)
      VALUES (new_order_id, 'placed', NULL,
              jsonb_build_object('total', order_total, 'currency', p_currency, 'paymentMethod', p_payment_method)
                || CASE WHEN promo_off > 0 THEN jsonb_build_object('discount', promo_off) ELSE '{}' END
                || CASE WHEN promotion_off > 0 THEN jsonb_build_object('promotionDiscount', promotion_off) ELSE '{}' END,
              p_request_id);

      INSERT INTO order_items (order_id, item_type, product_id, region_id, stock_code_id,
                               game_amount, amount, price_usd, price_rub, rate_used)
      SELECT new_order_id, 'code', ci.product_id, ci.region_id, item.code_id,
             ci.game_amount,
             CASE p_currency WHEN 'usd' THEN ci.price_usd WHEN 'uzs' THEN round(ci.price_usd * rate_uzs / 100)::bigint * 100 ELSE ci.price_rub END,
             ci.price_usd, ci.price_rub, coalesce(rate_uzs, rate)
        FROM unnest(item_lines, item_codes) WITH ORDINALITY AS item (line_id, code_id, n)
        JOIN cart_items ci ON ci.id = item.line_id
       ORDER BY item.n;

      UPDATE stock_codes c
         SET status = 'reserved', order_id = new_order_id, reserved_until = now() + make_interval(secs => p_hold_seconds)
       WHERE c.id = any(item_codes);

      IF promo_id IS NOT NULL THEN
        PERFORM use_promo_code(promo_id, p_user_id, new_order_id, promo_off);
      END IF;

      DELETE FROM cart_items WHERE user_id = p_user_id;

      -- 6. The ledger refuses a zero movement; a cart of free codes has nothing to pay.
      IF paid THEN
        IF order_total > 0 THEN
          PERFORM change_balance(p_user_id, p_currency, -order_total, 'order_payment',
                                 format('order:%s:payment', new_order_id), new_order_id);
        END IF;
        INSERT INTO outbox (queue, job_name, payload, origin_request_id)
        VALUES ('fulfilment', 'fulfil-order', jsonb_build_object('orderId', new_order_id), p_request_id)
        RETURNING id, job_id INTO new_outbox_id, new_job_id;
      END IF;

      RETURN QUERY SELECT new_order_id, order_total, promo_off, promotion_off, rate, new_outbox_id, new_job_id, products;
    END;
    $$;`;

/**
 * A checkout in fewer round trips (docs/architecture.md, "Payments"): place_cart_order also writes
 * the order's Idempotency-Key, its 'placed' event and the request on its outbox row, and
 * order_placed_under finds the order a key placed in one call instead of three.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ${ORDER_PLACED_UNDER}
    DROP FUNCTION place_cart_order(integer, text, text, text, integer, text);
    ${PLACE_CART_ORDER_WITH_ITS_EVENT}
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION place_cart_order(integer, text, text, text, integer, text, text, text);
    ${PLACE_CART_ORDER_WITH_PROMOTIONS}
    DROP FUNCTION order_placed_under(integer, text, timestamptz);
    `,
  );
}
