import type { Knex } from 'knex';
import { runDdl } from '../sql';

/** add_to_cart_line's signature, up to its body. */
export const CREATE_ADD_TO_CART_LINE = `
    CREATE FUNCTION add_to_cart_line(
      p_user_id     integer,
      p_product_id  integer,
      p_region_id   integer,
      p_game_amount integer,
      p_price_usd   bigint,
      p_price_rub   bigint,
      p_quantity    integer,
      p_cap         integer
    ) RETURNS TABLE (id bigint, quantity integer, capped boolean)
    LANGUAGE plpgsql AS $$`;

/**
 * add_to_cart_line's last steps (a plpgsql block with `before integer` declared): the user's line of
 * the option locked and read, then p_quantity added to it up to `cap` (an expression), answering the
 * line, its quantity and whether the cap cut the addition.
 */
export const lockLineAndAddUpTo = (cap: string) => `
      SELECT ci.quantity INTO before
        FROM cart_items ci
       WHERE ci.user_id = p_user_id AND ci.product_id = p_product_id AND coalesce(ci.region_id, 0) = coalesce(p_region_id, 0)
         AND ci.game_amount = p_game_amount AND ci.price_usd = p_price_usd AND ci.price_rub = p_price_rub
         FOR UPDATE;
      RETURN QUERY
        INSERT INTO cart_items AS ci (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
        VALUES (p_user_id, p_product_id, p_region_id, p_game_amount, p_price_usd, p_price_rub, least(p_quantity, ${cap}))
        ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub)
        DO UPDATE SET quantity = least(ci.quantity + excluded.quantity, ${cap}), updated_at = now()
        RETURNING ci.id, ci.quantity, ci.quantity < coalesce(before, 0) + p_quantity;`;

/** The first add_to_cart_line: up to a cap the caller worked out from the stock it read. */
export const ADD_TO_CART_LINE_UP_TO_A_CAP = `
    /*
     * Adds p_quantity units of one price option to the user's line of it (creating the line), never
     * beyond p_cap. The line is locked before it is read, so two concurrent additions to it queue and
     * each learns whether the cap cut what it added (capped). Returns the line and its new quantity.
     */
${CREATE_ADD_TO_CART_LINE}
    DECLARE
      before integer;
    BEGIN
${lockLineAndAddUpTo('p_cap')}
    END;
    $$;
`;

/**
 * Adding to the cart in one statement (docs/architecture.md, "Row locks"): the line of a price option is
 * locked, added to up to a cap and answered with whether the cap cut the addition, in one call instead
 * of a transaction of four round trips.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ${ADD_TO_CART_LINE_UP_TO_A_CAP}
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, 'DROP FUNCTION add_to_cart_line(integer, integer, integer, integer, bigint, bigint, integer, integer);');
}
