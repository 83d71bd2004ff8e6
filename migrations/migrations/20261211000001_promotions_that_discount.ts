import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { PLACE_CART_ORDER_WITH_PROMO_CODE } from './20261210000001_promo_codes';

const PROMOTION_FUNCTIONS = `
  /*
   * The terms of the promotions that discount a unit at p_at (docs/architecture.md, "Promotions that
   * discount"): of the active promotions with a discount, in their period (valid_from included,
   * valid_to excluded), whose scope names the product (a code), the denomination, or the
   * denomination's game. The best of each kind: the largest percent, and the largest fixed sum in each
   * currency. The best discount of all is the larger of the two in the order's currency, since a
   * percent takes more the larger it is: promotion_discount takes it.
   */
  CREATE FUNCTION promotion_terms(p_product_id integer, p_denomination_id integer, p_at timestamptz DEFAULT now())
  RETURNS TABLE (percent integer, fixed_usd bigint, fixed_rub bigint, fixed_uzs bigint)
  LANGUAGE sql STABLE AS $$
    SELECT max(p.discount_value) FILTER (WHERE p.discount_type = 'percent')::integer,
           max(p.discount_value) FILTER (WHERE p.discount_type = 'fixed' AND p.currency = 'usd'),
           max(p.discount_value) FILTER (WHERE p.discount_type = 'fixed' AND p.currency = 'rub'),
           max(p.discount_value) FILTER (WHERE p.discount_type = 'fixed' AND p.currency = 'uzs')
      FROM promotions p
     WHERE p.active AND p.discount_type IS NOT NULL
       AND (p.valid_from IS NULL OR p.valid_from <= p_at)
       AND (p.valid_to IS NULL OR p_at < p.valid_to)
       AND (p_product_id = any(p.product_ids)
            OR p_denomination_id = any(p.denomination_ids)
            OR (SELECT d.game_id FROM game_denominations d WHERE d.id = p_denomination_id) = any(p.game_ids));
  $$;

  /*
   * What the best of these terms takes off a unit listed at p_list minor units of p_currency: the
   * larger of the percent (rounded once, half up, to the currency's minor units; UZS to whole sums, as
   * promo_code_quote does) and the fixed sum in that currency, never more than the list price (a 100%
   * or over-sized fixed discount makes the unit free). promotionOffMinor in common mirrors it for the
   * storefront's UZS prices.
   */
  CREATE FUNCTION promotion_off(p_percent integer, p_fixed bigint, p_currency text, p_list bigint)
  RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
    SELECT least(p_list, greatest(
      coalesce(CASE WHEN p_currency = 'uzs'
        THEN round(p_list * p_percent / 10000.0)::bigint * 100
        ELSE round(p_list * p_percent / 100.0)::bigint END, 0),
      coalesce(p_fixed, 0)));
  $$;

  /* What the promotions take off a unit of the product or denomination listed at p_list now: the one pricing rule. */
  CREATE FUNCTION promotion_discount(p_product_id integer, p_denomination_id integer, p_currency text, p_list bigint, p_at timestamptz DEFAULT now())
  RETURNS bigint
  LANGUAGE sql STABLE AS $$
    SELECT promotion_off(t.percent, CASE p_currency WHEN 'usd' THEN t.fixed_usd WHEN 'rub' THEN t.fixed_rub ELSE t.fixed_uzs END, p_currency, p_list)
      FROM promotion_terms(p_product_id, p_denomination_id, p_at) t;
  $$;

  /* The next time after p_at a promotion starts or ends: until then the catalogue's prices hold. */
  CREATE FUNCTION promotion_next_boundary(p_at timestamptz DEFAULT now())
  RETURNS timestamptz
  LANGUAGE sql STABLE AS $$
    SELECT min(b.at) FROM promotions p, LATERAL (VALUES (p.valid_from), (p.valid_to)) AS b (at)
     WHERE p.active AND b.at > p_at;
  $$;
`;

export const PLACE_CART_ORDER_WITH_PROMOTIONS = `
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
   * 5. The order (both discounts and the code recorded), one item per code at its list price, the codes
   *    reserved for it, the code's use counted (use_promo_code), and the cart emptied.
   * 6. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short)
   *    and the fulfilment job is written to the outbox. A card order waits, unpaid, for its payment.
   * Returns the order, its total after both discounts, the promo code's discount and the promotions'
   * (minor units of the order currency), its rate, the outbox row of its fulfilment job (NULL for a card order) and the
   * products whose stock it took.
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
    p_promo_code     text DEFAULT NULL
  ) RETURNS TABLE (order_id bigint, total bigint, discount bigint, promotion_discount bigint, rate_usd_rub numeric, outbox_id bigint, product_ids integer[])
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
                        promotion_discount, rate_usd_rub, rate_usd_uzs, paid_at, hold_expires_at)
    VALUES (p_user_id, p_status, 'codes', p_payment_method, p_currency, order_total, order_usd, promo_off, promo_id,
            promotion_off,
            rate, rate_uzs,
            CASE WHEN paid THEN now() END,
            CASE WHEN NOT paid THEN now() + make_interval(secs => p_hold_seconds) END)
    RETURNING id INTO new_order_id;

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
      INSERT INTO outbox (queue, job_name, payload)
      VALUES ('fulfilment', 'fulfil-order', jsonb_build_object('orderId', new_order_id))
      RETURNING id INTO new_outbox_id;
    END IF;

    RETURN QUERY SELECT new_order_id, order_total, promo_off, promotion_off, rate, new_outbox_id, products;
  END;
  $$;`;

/**
 * Promotions that discount (docs/architecture.md, "Promotions that discount"): a promotion may carry a
 * percent or a fixed sum in one currency off the units in its scope (products, games, denominations)
 * during its period; a promotion without one stays a badge. The pricing rule is promotion_discount;
 * place_cart_order charges it and records the sum on the order (orders.promotion_discount), as the
 * top-up's placement does.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE promotions
      ADD COLUMN discount_type text CONSTRAINT promotions_discount_type_valid CHECK (discount_type IN ('percent', 'fixed')),
      -- A whole percent (1 to 100), or minor units of currency (whole sums in UZS).
      ADD COLUMN discount_value bigint CONSTRAINT promotions_discount_value_positive CHECK (discount_value > 0),
      -- The currency of a fixed discount, the only one it applies in.
      ADD COLUMN currency text CONSTRAINT promotions_currency_valid CHECK (currency IN ('usd', 'rub', 'uzs')),
      -- What it discounts: codes of these products, every denomination of these games, these denominations.
      ADD COLUMN product_ids integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN game_ids integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN denomination_ids integer[] NOT NULL DEFAULT '{}',
      -- Its period, either end open; the badge shows only within it too.
      ADD COLUMN valid_from timestamptz,
      ADD COLUMN valid_to timestamptz,
      ADD CONSTRAINT promotions_discount_complete CHECK ((discount_type IS NULL) = (discount_value IS NULL)),
      ADD CONSTRAINT promotions_percent_valid CHECK (discount_type IS DISTINCT FROM 'percent' OR (discount_value <= 100 AND currency IS NULL)),
      ADD CONSTRAINT promotions_fixed_currency CHECK (discount_type IS DISTINCT FROM 'fixed' OR currency IS NOT NULL),
      ADD CONSTRAINT promotions_uzs_whole_sums CHECK (currency IS DISTINCT FROM 'uzs' OR discount_value % 100 = 0),
      ADD CONSTRAINT promotions_discount_scope CHECK (
        discount_type IS NULL OR cardinality(product_ids) + cardinality(game_ids) + cardinality(denomination_ids) > 0),
      ADD CONSTRAINT promotions_period_valid CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to);

    ALTER TABLE orders
      ADD COLUMN promotion_discount bigint NOT NULL DEFAULT 0 CONSTRAINT orders_promotion_discount_valid CHECK (promotion_discount >= 0);

    ${PROMOTION_FUNCTIONS}

    DROP FUNCTION place_cart_order(integer, text, text, text, integer, text);
    ${PLACE_CART_ORDER_WITH_PROMOTIONS}
    `,
  );
}

/** Promotions are badges again; an order's promotion discount goes. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION place_cart_order(integer, text, text, text, integer, text);
    ${PLACE_CART_ORDER_WITH_PROMO_CODE}
    DROP FUNCTION promotion_next_boundary(timestamptz);
    DROP FUNCTION promotion_discount(integer, integer, text, bigint, timestamptz);
    DROP FUNCTION promotion_off(integer, bigint, text, bigint);
    DROP FUNCTION promotion_terms(integer, integer, timestamptz);
    ALTER TABLE orders DROP COLUMN promotion_discount;
    ALTER TABLE promotions
      DROP CONSTRAINT promotions_period_valid, DROP CONSTRAINT promotions_discount_scope, DROP CONSTRAINT promotions_uzs_whole_sums,
      DROP CONSTRAINT promotions_fixed_currency, DROP CONSTRAINT promotions_percent_valid, DROP CONSTRAINT promotions_discount_complete,
      DROP COLUMN valid_to, DROP COLUMN valid_from, DROP COLUMN denomination_ids, DROP COLUMN game_ids, DROP COLUMN product_ids,
      DROP COLUMN currency, DROP COLUMN discount_value, DROP COLUMN discount_type;
    `,
  );
}
