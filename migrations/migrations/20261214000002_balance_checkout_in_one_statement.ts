import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * A checkout paid from the balance in one statement, outside any transaction of the caller's (its own
 * is the statement's): the order its Idempotency-Key placed before, or the cart placed as a new one.
 * Two round trips fewer (BEGIN, COMMIT) and, with a key, three.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    /*
     * Pays the user's cart from the balance, once per use of an Idempotency-Key:
     * 1. With a key, order_placed_under first (in this statement's transaction): it waits for any other
     *    run of the same key, and the order that use of the key already placed is answered as it is
     *    (earlier), with nothing charged again.
     * 2. Otherwise place_cart_order, whose invariants hold as they are (stock, balance, promotions, promo
     *    code, its events and its fulfilment job on the outbox).
     * Its arguments are place_cart_order's for the balance, and p_key_since, the start of the key's
     * use (order_placed_under).
     */
    CREATE FUNCTION pay_cart_from_balance(
      p_user_id         integer,
      p_currency        text,
      p_status          text,
      p_hold_seconds    integer,
      p_promo_code      text,
      p_idempotency_key text,
      p_key_since       timestamptz,
      p_request_id      text
    ) RETURNS TABLE (earlier boolean, order_id bigint, total bigint, discount bigint, promotion_discount bigint, currency text,
                     outbox_id bigint, outbox_job_id uuid, product_ids integer[])
    LANGUAGE plpgsql AS $$
    BEGIN
      IF p_idempotency_key IS NOT NULL THEN
        RETURN QUERY
          SELECT true, k.id, k.total, k.discount, k.promotion_discount, k.currency, NULL::bigint, NULL::uuid, NULL::integer[]
            FROM order_placed_under(p_user_id, p_idempotency_key, p_key_since) k;
        IF FOUND THEN
          RETURN;
        END IF;
      END IF;
      RETURN QUERY
        SELECT false, o.order_id, o.total, o.discount, o.promotion_discount, p_currency, o.outbox_id, o.outbox_job_id, o.product_ids
          FROM place_cart_order(p_user_id, p_currency, 'balance', p_status, p_hold_seconds, p_promo_code, p_idempotency_key, p_request_id) o;
    END;
    $$;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, 'DROP FUNCTION pay_cart_from_balance(integer, text, text, integer, text, text, timestamptz, text);');
}
