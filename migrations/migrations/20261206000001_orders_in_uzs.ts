import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { PLACE_CART_ORDER } from './20261130000001_one_code_stock';

export const PLACE_CART_ORDER_IN_UZS_TOO = `
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
   * 4. The order, one item per code, the codes reserved for it, and the cart emptied.
   * 5. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short)
   *    and the fulfilment job is written to the outbox. A card order waits, unpaid, for its payment.
   * Returns the order, its total (minor units of the order currency), its rate, the outbox row of
   * its fulfilment job (NULL for a card order) and the products whose stock it took.
   */
  CREATE OR REPLACE FUNCTION place_cart_order(
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
    rate_uzs      numeric;
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
      order_total := order_total + line.quantity * CASE p_currency
        WHEN 'usd' THEN line.price_usd
        -- round() on numeric rounds half away from zero, as usdToUzsMinor does.
        WHEN 'uzs' THEN round(line.price_usd * rate_uzs / 100)::bigint * 100
        ELSE line.price_rub END;
      order_usd := order_usd + line.quantity * line.price_usd;
      products := products || line.product_id;
    END LOOP;

    -- 4. Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
    INSERT INTO orders (user_id, status, kind, payment_method, currency, total, total_usd, rate_usd_rub, rate_usd_uzs, paid_at, hold_expires_at)
    VALUES (p_user_id, p_status, 'codes', p_payment_method, p_currency, order_total, order_usd, rate, rate_uzs,
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
 * Orders in UZS (docs/architecture.md, "Minor units, rounded once"): an order, its gateway payment and
 * its card refunds may be in sums (minor units: tiyin), and a UZS order keeps the USD->UZS rate it was
 * priced at, as every order keeps its USD->RUB rate. Balances stay USD and RUB.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders DROP CONSTRAINT orders_currency_valid,
      ADD CONSTRAINT orders_currency_valid CHECK (currency IN ('usd', 'rub', 'uzs')),
      ADD COLUMN rate_usd_uzs numeric(18, 6) CONSTRAINT orders_rate_usd_uzs_positive CHECK (rate_usd_uzs > 0),
      ADD CONSTRAINT orders_uzs_rate_locked CHECK (currency <> 'uzs' OR rate_usd_uzs IS NOT NULL);
    ALTER TABLE payments DROP CONSTRAINT payments_currency_valid,
      ADD CONSTRAINT payments_currency_valid CHECK (currency IN ('usd', 'rub', 'uzs'));
    ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_currency_valid,
      ADD CONSTRAINT payment_refunds_currency_valid CHECK (currency IN ('usd', 'rub', 'uzs'));
    ${PLACE_CART_ORDER_IN_UZS_TOO}
    `,
  );
}

/** Fails while an order, payment or refund in UZS exists: those cannot be written in USD or RUB. */
export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION place_cart_order(integer, text, text, text, integer);
    ${PLACE_CART_ORDER}
    ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_currency_valid,
      ADD CONSTRAINT payment_refunds_currency_valid CHECK (currency IN ('usd', 'rub'));
    ALTER TABLE payments DROP CONSTRAINT payments_currency_valid,
      ADD CONSTRAINT payments_currency_valid CHECK (currency IN ('usd', 'rub'));
    ALTER TABLE orders DROP CONSTRAINT orders_uzs_rate_locked, DROP COLUMN rate_usd_uzs,
      DROP CONSTRAINT orders_currency_valid,
      ADD CONSTRAINT orders_currency_valid CHECK (currency IN ('usd', 'rub'));
    `,
  );
}
