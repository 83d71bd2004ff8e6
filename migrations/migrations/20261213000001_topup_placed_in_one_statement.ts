import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * A top-up placed in one statement (docs/architecture.md, "Payments"), as a cart is by place_cart_order:
 * the server's quote of it goes in, and the order, its event, its promo code's use, its debit, its item,
 * its codes and its fulfilment job are written in one call instead of a transaction of a dozen round trips.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    /*
     * Places one top-up, priced by the server just before (the quote: its list total, the promotions'
     * discount of it, its rates and its item), as an order. Invariants, in the order they are checked:
     * 1. A promo code, when given, is quoted on the top-up at its promotion price as a line of its game
     *    (promo_code_quote, PROMO_CODE_INVALID with its reason); the total is what is left after it, and
     *    the order's USD figure (reports) is scaled by the same share.
     * 2. The order (both discounts and the code recorded, with the request's Idempotency-Key), its
     *    'placed' event on the timeline and the code's use counted (use_promo_code).
     * 3. Paid from the balance: the total is debited on the ledger (INSUFFICIENT_BALANCE when short).
     * 4. Its one item, pending with its provider, carrying the top-up's data.
     * 5. Each denomination delivered from the code stock takes its codes, locked and skipping those
     *    another order is taking, and holds them for the order; too few refuse the whole top-up
     *    (OUT_OF_STOCK, naming the denomination).
     * 6. Paid from the balance, the fulfilment job is written to the outbox, traced to the request; a
     *    card order waits, unpaid, for its payment until its hold runs out.
     * Returns the order, its total and the promo code's discount (minor units of the order currency),
     * the outbox row of its fulfilment job and the job's id (NULL for a card order).
     */
    CREATE FUNCTION place_topup_order(
      p_user_id            integer,
      p_currency           text,
      -- 'balance' (paid now) or a gateway method (paid later).
      p_payment_method     text,
      -- The order's first status: initialOrderStatus() in common.
      p_status             text,
      -- A card order's payment deadline; NULL when paid from the balance.
      p_hold_seconds       integer,
      -- The game, for a promo code's scope, and its slug, for the timeline.
      p_game_id            integer,
      p_service            text,
      -- The quote: the list total in the order currency and in USD, and what promotions take off each.
      p_list_total         bigint,
      p_list_total_usd     bigint,
      p_promotion_off      bigint,
      p_promotion_off_usd  bigint,
      p_rate_usd_rub       numeric,
      p_rate_usd_uzs       numeric,
      -- The item: the whole top-up in USD and RUB, what it credits, and its data as stored.
      p_item_price_usd     bigint,
      p_item_price_rub     bigint,
      p_game_amount        integer,
      p_topup_data         jsonb,
      -- The denominations delivered from the code stock and how many codes each needs.
      p_code_denominations integer[],
      p_code_counts        integer[],
      p_promo_code         text DEFAULT NULL,
      p_idempotency_key    text DEFAULT NULL,
      p_request_id         text DEFAULT NULL
    ) RETURNS TABLE (order_id bigint, total bigint, discount bigint, outbox_id bigint, outbox_job_id uuid)
    LANGUAGE plpgsql AS $$
    DECLARE
      paid          constant boolean := p_payment_method = 'balance';
      order_total   bigint := p_list_total - p_promotion_off;
      order_usd     bigint := p_list_total_usd - p_promotion_off_usd;
      promo_id      integer;
      promo_off     bigint := 0;
      new_order_id  bigint;
      new_outbox_id bigint;
      new_job_id    uuid;
      wanted        record;
      taken_ids     bigint[];
    BEGIN
      -- 1.
      IF p_promo_code IS NOT NULL THEN
        SELECT q.promo_code_id, q.discount INTO promo_id, promo_off
          FROM promo_code_quote(p_promo_code, p_user_id, p_currency, ARRAY[NULL]::integer[], ARRAY[p_game_id], ARRAY[order_total]) q;
        IF promo_off > 0 THEN
          order_usd := order_usd - round(order_usd::numeric * promo_off / order_total)::bigint;
        END IF;
        order_total := order_total - promo_off;
      END IF;

      -- 2. Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
      INSERT INTO orders (user_id, status, kind, payment_method, currency, total, total_usd, discount, promo_code_id,
                          promotion_discount, rate_usd_rub, rate_usd_uzs, paid_at, hold_expires_at, idempotency_key)
      VALUES (p_user_id, p_status, 'topup', p_payment_method, p_currency, order_total, order_usd, promo_off, promo_id,
              p_promotion_off, p_rate_usd_rub, p_rate_usd_uzs,
              CASE WHEN paid THEN now() END,
              CASE WHEN NOT paid THEN now() + make_interval(secs => p_hold_seconds) END,
              p_idempotency_key)
      RETURNING id INTO new_order_id;

      -- The store placed it (no actor); each discount only when one was taken.
      INSERT INTO order_events (order_id, kind, actor_id, payload, request_id)
      VALUES (new_order_id, 'placed', NULL,
              jsonb_build_object('total', order_total, 'currency', p_currency, 'paymentMethod', p_payment_method, 'service', p_service)
                || CASE WHEN promo_off > 0 THEN jsonb_build_object('discount', promo_off) ELSE '{}' END
                || CASE WHEN p_promotion_off > 0 THEN jsonb_build_object('promotionDiscount', p_promotion_off) ELSE '{}' END,
              p_request_id);

      IF promo_id IS NOT NULL THEN
        PERFORM use_promo_code(promo_id, p_user_id, new_order_id, promo_off);
      END IF;

      -- 3. The ledger refuses a zero movement: a top-up the discounts make free has nothing to debit.
      IF paid AND order_total > 0 THEN
        PERFORM change_balance(p_user_id, p_currency, -order_total, 'order_payment',
                               format('order:%s:payment', new_order_id), new_order_id);
      END IF;

      -- 4.
      INSERT INTO order_items (order_id, item_type, game_amount, amount, price_usd, price_rub, rate_used, topup_data, provider_status)
      VALUES (new_order_id, 'topup', p_game_amount, p_list_total, p_item_price_usd, p_item_price_rub,
              coalesce(p_rate_usd_uzs, p_rate_usd_rub), p_topup_data, 'pending');

      -- 5.
      FOR wanted IN SELECT * FROM unnest(p_code_denominations, p_code_counts) AS w (denomination_id, needed) LOOP
        SELECT coalesce(array_agg(c.id), '{}') INTO taken_ids
          FROM (SELECT s.id FROM stock_codes s
                 WHERE s.source = 'pubg_redemption' AND s.denomination_id = wanted.denomination_id AND s.status = 'available'
                 ORDER BY s.id LIMIT wanted.needed
                   FOR UPDATE SKIP LOCKED) c;
        IF cardinality(taken_ids) < wanted.needed THEN
          RAISE EXCEPTION 'Out of stock' USING ERRCODE = 'SR001', DETAIL = json_build_object(
            'rule', 'OUT_OF_STOCK', 'denominationId', wanted.denomination_id,
            'requested', wanted.needed, 'available', cardinality(taken_ids));
        END IF;
        UPDATE stock_codes c SET status = 'reserved', order_id = new_order_id, reserved_until = NULL
         WHERE c.id = any(taken_ids);
      END LOOP;

      -- 6.
      IF paid THEN
        INSERT INTO outbox (queue, job_name, payload, origin_request_id)
        VALUES ('fulfilment', 'fulfil-order', jsonb_build_object('orderId', new_order_id), p_request_id)
        RETURNING id, job_id INTO new_outbox_id, new_job_id;
      END IF;

      RETURN QUERY SELECT new_order_id, order_total, promo_off, new_outbox_id, new_job_id;
    END;
    $$;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `DROP FUNCTION place_topup_order(integer, text, text, text, integer, integer, text, bigint, bigint, bigint, bigint, numeric, numeric,
                                     bigint, bigint, integer, jsonb, integer[], integer[], text, text, text);`,
  );
}
