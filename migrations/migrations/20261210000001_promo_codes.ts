import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { PLACE_CART_ORDER_IN_UZS_TOO } from './20261206000001_orders_in_uzs';

const PROMO_CODE_FUNCTIONS = `
  /*
   * What a promo code takes off an order (docs/architecture.md, "Promo codes"), without using it.
   * The order is given as its lines: line i is worth p_amounts[i] minor units of p_currency and is of
   * the product p_product_ids[i] (a code) or of the game p_game_ids[i] (a top-up). Refusals raise
   * SR001 PROMO_CODE_INVALID with the reason, checked in this order: not_found, inactive, not_started,
   * expired, currency, not_applicable, min_order, used_up, used_by_you. The discount is computed once
   * on the total of the lines in scope, rounded once half up in the currency's minor units (UZS to
   * whole sums), and never more than that total.
   */
  CREATE FUNCTION promo_code_quote(
    p_code        text,
    p_user_id     integer,
    p_currency    text,
    p_product_ids integer[],
    p_game_ids    integer[],
    p_amounts     bigint[]
  ) RETURNS TABLE (promo_code_id integer, discount bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    code        promo_codes;
    order_total bigint;
    in_scope    bigint;
    off         bigint;
    reason      text;
  BEGIN
    SELECT * INTO code FROM promo_codes pc WHERE pc.code = upper(btrim(p_code));
    SELECT coalesce(sum(a), 0) INTO order_total FROM unnest(p_amounts) AS a;
    SELECT coalesce(sum(l.amount), 0) INTO in_scope
      FROM unnest(p_product_ids, p_game_ids, p_amounts) AS l (product_id, game_id, amount)
     WHERE code.scope = 'all'
        OR (code.scope = 'products' AND l.product_id = any(code.scope_ids))
        OR (code.scope = 'games' AND l.game_id = any(code.scope_ids));
    reason := CASE
      WHEN code.id IS NULL THEN 'not_found'
      WHEN NOT code.active THEN 'inactive'
      WHEN code.valid_from IS NOT NULL AND now() < code.valid_from THEN 'not_started'
      WHEN code.valid_to IS NOT NULL AND now() >= code.valid_to THEN 'expired'
      WHEN code.currency IS NOT NULL AND code.currency <> p_currency THEN 'currency'
      WHEN in_scope <= 0 THEN 'not_applicable'
      WHEN code.min_order IS NOT NULL AND order_total < code.min_order THEN 'min_order'
      WHEN code.usage_limit IS NOT NULL AND code.uses >= code.usage_limit THEN 'used_up'
      WHEN code.per_user_limit IS NOT NULL AND (
        SELECT count(*) FROM promo_code_uses u
         WHERE u.promo_code_id = code.id AND u.user_id = p_user_id AND u.released_at IS NULL
      ) >= code.per_user_limit THEN 'used_by_you'
    END;
    IF reason IS NOT NULL THEN
      RAISE EXCEPTION 'Promo code refused: %', reason USING ERRCODE = 'SR001', DETAIL = json_build_object(
        'rule', 'PROMO_CODE_INVALID', 'reason', reason, 'minOrder', code.min_order, 'currency', code.currency);
    END IF;
    IF code.discount_type = 'percent' THEN
      -- round() on numeric rounds half away from zero: half up, as every amount here is positive.
      off := CASE WHEN p_currency = 'uzs'
        THEN round(in_scope * code.discount_value / 10000.0)::bigint * 100
        ELSE round(in_scope * code.discount_value / 100.0)::bigint END;
    ELSE
      off := code.discount_value;
    END IF;
    RETURN QUERY SELECT code.id, least(off, in_scope);
  END;
  $$;

  /*
   * Counts one use of a promo code by the order just placed, in the transaction that places it. The
   * conditional update takes the code's row lock, so concurrent checkouts count one at a time and the
   * usage limit holds (used_up); under that lock the shopper's own uses are counted (used_by_you).
   */
  CREATE FUNCTION use_promo_code(p_promo_code_id integer, p_user_id integer, p_order_id bigint, p_discount bigint)
  RETURNS void
  LANGUAGE plpgsql AS $$
  DECLARE
    per_user integer;
  BEGIN
    UPDATE promo_codes pc SET uses = pc.uses + 1
     WHERE pc.id = p_promo_code_id AND (pc.usage_limit IS NULL OR pc.uses < pc.usage_limit)
    RETURNING pc.per_user_limit INTO per_user;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Promo code used up' USING ERRCODE = 'SR001',
        DETAIL = json_build_object('rule', 'PROMO_CODE_INVALID', 'reason', 'used_up');
    END IF;
    IF per_user IS NOT NULL AND (
      SELECT count(*) FROM promo_code_uses u
       WHERE u.promo_code_id = p_promo_code_id AND u.user_id = p_user_id AND u.released_at IS NULL
    ) >= per_user THEN
      RAISE EXCEPTION 'Promo code used by this shopper' USING ERRCODE = 'SR001',
        DETAIL = json_build_object('rule', 'PROMO_CODE_INVALID', 'reason', 'used_by_you');
    END IF;
    INSERT INTO promo_code_uses (promo_code_id, user_id, order_id, discount)
    VALUES (p_promo_code_id, p_user_id, p_order_id, p_discount);
  END;
  $$;

  /* An unpaid order cancelled (declined, expired, abandoned) gives its promo code's use back. */
  CREATE FUNCTION release_promo_code_use() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    WITH released AS (
      UPDATE promo_code_uses u SET released_at = now()
       WHERE u.order_id = NEW.id AND u.released_at IS NULL
      RETURNING u.promo_code_id
    )
    UPDATE promo_codes pc SET uses = pc.uses - 1 FROM released r WHERE pc.id = r.promo_code_id;
    RETURN NULL;
  END;
  $$;

  CREATE TRIGGER orders_release_promo_code_use
    AFTER UPDATE OF status ON orders
    FOR EACH ROW
    WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled' AND NEW.promo_code_id IS NOT NULL)
    EXECUTE FUNCTION release_promo_code_use();
`;

export const PLACE_CART_ORDER_WITH_PROMO_CODE = `
  /*
   * Places the user's cart as one order of codes. Invariants, in the order they are checked:
   * 1. The cart lines are locked: a concurrent checkout of the same cart waits, then finds it empty
   *    (CART_EMPTY), so one cart is paid for once.
   * 2. The order is priced at the configured USD->RUB rate, and a UZS order also at the USD->UZS rate
   *    (SERVICE_UNAVAILABLE without one): a unit in UZS is its USD price at that rate, rounded once to
   *    whole sums (usdToUzsMinor in common), and the order keeps the rate (orders.rate_usd_uzs).
   * 3. Every unit of a line takes one code of exactly the line's price option (take_codes()), so
   *    no code is sold twice and prices are the stock's. A line short of stock, or no longer on sale
   *    (cart_lines.sellable), refuses the whole cart (OUT_OF_STOCK).
   * 4. A promo code, when given, is quoted on the lines (promo_code_quote, PROMO_CODE_INVALID with its
   *    reason) and the order's total is what is left after its discount.
   * 5. The order (its discount and code recorded), one item per code at its list price, the codes
   *    reserved for it, the code's use counted (use_promo_code), and the cart emptied.
   * 6. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short)
   *    and the fulfilment job is written to the outbox. A card order waits, unpaid, for its payment.
   * Returns the order, its total after the discount and the discount (minor units of the order
   * currency), its rate, the outbox row of its fulfilment job (NULL for a card order) and the
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
  ) RETURNS TABLE (order_id bigint, total bigint, discount bigint, rate_usd_rub numeric, outbox_id bigint, product_ids integer[])
  LANGUAGE plpgsql AS $$
  DECLARE
    paid          constant boolean := p_payment_method = 'balance';
    rate          numeric;
    rate_uzs      numeric;
    line          record;
    line_total    bigint;
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
      line_total := line.quantity * CASE p_currency
        WHEN 'usd' THEN line.price_usd
        -- round() on numeric rounds half away from zero, as usdToUzsMinor does.
        WHEN 'uzs' THEN round(line.price_usd * rate_uzs / 100)::bigint * 100
        ELSE line.price_rub END;
      order_total := order_total + line_total;
      order_usd := order_usd + line.quantity * line.price_usd;
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
                        rate_usd_rub, rate_usd_uzs, paid_at, hold_expires_at)
    VALUES (p_user_id, p_status, 'codes', p_payment_method, p_currency, order_total, order_usd, promo_off, promo_id,
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

    RETURN QUERY SELECT new_order_id, order_total, promo_off, rate, new_outbox_id, products;
  END;
  $$;`;

/**
 * Promo codes (docs/architecture.md, "Promo codes"): codes the back office issues, stored upper-case
 * and unique, taking a whole percent or a fixed sum in one currency off the lines of an order in their
 * scope. Each order placed with one records it and its discount (orders.discount, orders.promo_code_id;
 * the total is after the discount) and counts one use (promo_code_uses) in the same transaction,
 * against the code's usage limit (promo_codes.uses, a conditional update) and per-shopper limit; an
 * unpaid order cancelled gives its use back. place_cart_order takes the code.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    CREATE TABLE promo_codes (
      id              serial PRIMARY KEY,
      code            text NOT NULL CONSTRAINT promo_codes_code_unique UNIQUE
                      CONSTRAINT promo_codes_code_valid CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{3,32}$'),
      discount_type   text NOT NULL CONSTRAINT promo_codes_discount_type_valid CHECK (discount_type IN ('percent', 'fixed')),
      -- A whole percent (1 to 100), or minor units of currency (whole sums in UZS).
      discount_value  bigint NOT NULL CONSTRAINT promo_codes_discount_value_positive CHECK (discount_value > 0),
      -- The one order currency the code takes: required for a fixed discount and for a minimum order.
      currency        text CONSTRAINT promo_codes_currency_valid CHECK (currency IN ('usd', 'rub', 'uzs')),
      scope           text NOT NULL DEFAULT 'all' CONSTRAINT promo_codes_scope_valid CHECK (scope IN ('all', 'games', 'products')),
      -- Games (top-ups) or products (codes) the code applies to, by id; empty for 'all'.
      scope_ids       integer[] NOT NULL DEFAULT '{}',
      -- Minor units of currency: the least order total (before the discount) the code takes.
      min_order       bigint CONSTRAINT promo_codes_min_order_positive CHECK (min_order > 0),
      valid_from      timestamptz,
      valid_to        timestamptz,
      usage_limit     integer CONSTRAINT promo_codes_usage_limit_positive CHECK (usage_limit > 0),
      per_user_limit  integer CONSTRAINT promo_codes_per_user_limit_positive CHECK (per_user_limit > 0),
      active          boolean NOT NULL DEFAULT true,
      -- Uses counted and not given back (promo_code_uses without released_at).
      uses            integer NOT NULL DEFAULT 0 CONSTRAINT promo_codes_uses_valid CHECK (uses >= 0),
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT promo_codes_percent_valid CHECK (discount_type <> 'percent' OR discount_value <= 100),
      CONSTRAINT promo_codes_fixed_currency CHECK (discount_type <> 'fixed' OR currency IS NOT NULL),
      CONSTRAINT promo_codes_min_order_currency CHECK (min_order IS NULL OR currency IS NOT NULL),
      CONSTRAINT promo_codes_uzs_whole_sums CHECK (
        currency IS DISTINCT FROM 'uzs' OR ((discount_type = 'percent' OR discount_value % 100 = 0) AND coalesce(min_order, 0) % 100 = 0)),
      CONSTRAINT promo_codes_scope_ids CHECK ((scope = 'all') = (cardinality(scope_ids) = 0)),
      CONSTRAINT promo_codes_period_valid CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to)
    );

    ALTER TABLE orders
      ADD COLUMN discount bigint NOT NULL DEFAULT 0 CONSTRAINT orders_discount_valid CHECK (discount >= 0),
      ADD COLUMN promo_code_id integer REFERENCES promo_codes (id) ON DELETE RESTRICT,
      ADD CONSTRAINT orders_discount_with_code CHECK (discount = 0 OR promo_code_id IS NOT NULL);

    CREATE TABLE promo_code_uses (
      id             bigserial PRIMARY KEY,
      promo_code_id  integer NOT NULL REFERENCES promo_codes (id) ON DELETE RESTRICT,
      user_id        integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      order_id       bigint NOT NULL CONSTRAINT promo_code_uses_order_unique UNIQUE REFERENCES orders (id) ON DELETE RESTRICT,
      -- Minor units of the order's currency.
      discount       bigint NOT NULL CONSTRAINT promo_code_uses_discount_valid CHECK (discount >= 0),
      created_at     timestamptz NOT NULL DEFAULT now(),
      -- When the unpaid order was cancelled and the use given back.
      released_at    timestamptz
    );
    CREATE INDEX promo_code_uses_code_user_idx ON promo_code_uses (promo_code_id, user_id) WHERE released_at IS NULL;

    ${PROMO_CODE_FUNCTIONS}

    DROP FUNCTION place_cart_order(integer, text, text, text, integer);
    ${PLACE_CART_ORDER_WITH_PROMO_CODE}
    `,
  );
}

/** Drops promo codes and their uses; an order's discount and code go with them. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION place_cart_order(integer, text, text, text, integer, text);
    ${PLACE_CART_ORDER_IN_UZS_TOO}
    DROP TRIGGER orders_release_promo_code_use ON orders;
    DROP FUNCTION release_promo_code_use();
    DROP FUNCTION use_promo_code(integer, integer, bigint, bigint);
    DROP FUNCTION promo_code_quote(text, integer, text, integer[], integer[], bigint[]);
    DROP TABLE promo_code_uses;
    ALTER TABLE orders DROP CONSTRAINT orders_discount_with_code, DROP COLUMN promo_code_id, DROP COLUMN discount;
    DROP TABLE promo_codes;
    `,
  );
}
