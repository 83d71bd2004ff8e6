import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { ADD_TO_CART_LINE_UP_TO_A_CAP, CREATE_ADD_TO_CART_LINE, lockLineAndAddUpTo } from './20261212000001_cart_line_added_in_one_statement';

export const PARAMETERS = 'integer, integer, integer, integer, bigint, bigint, integer, integer';

/** add_to_cart_line as this migration makes it: counting the option's sellable codes itself. */
export const ADD_TO_CART_LINE_CHECKING_ITS_STOCK = `
    /*
     * Adds p_quantity units of one price option to the user's line of it (creating the line), never
     * beyond p_cap nor the option's stock. Invariants:
     * 1. The option is the stock's own: codes a shopper can buy now (sellable_stock) of exactly this
     *    amount and these prices, of a product on sale there (active, and selling global codes when
     *    p_region_id is null, else offering that active region). None: no line is added and no row is
     *    returned; the caller tells the shopper why (no such product or region, a new price, sold out).
     *    They are counted up to p_cap only, so a large stock costs no more than a full line.
     * 2. The line is locked before it is read, so two concurrent additions to it queue and each learns
     *    whether the cap or the stock cut what it added (capped). Returns the line and its new quantity.
     */
${CREATE_ADD_TO_CART_LINE}
    DECLARE
      before   integer;
      in_stock integer;
    BEGIN
      IF p_region_id IS NULL THEN
        SELECT count(*) INTO in_stock FROM (
          SELECT 1 FROM sellable_stock s
            JOIN products p ON p.id = s.product_id
           WHERE s.product_id = p_product_id AND s.region_id IS NULL AND s.game_amount = p_game_amount
             AND s.price_usd = p_price_usd AND s.price_rub = p_price_rub
             AND p.active AND p.has_global_codes
           LIMIT p_cap) AS codes;
      ELSE
        SELECT count(*) INTO in_stock FROM (
          SELECT 1 FROM sellable_stock s
            JOIN products p ON p.id = s.product_id
            JOIN product_regions pr ON pr.product_id = s.product_id AND pr.region_id = s.region_id
            JOIN regions r ON r.id = pr.region_id
           WHERE s.product_id = p_product_id AND s.region_id = p_region_id AND s.game_amount = p_game_amount
             AND s.price_usd = p_price_usd AND s.price_rub = p_price_rub
             AND p.active AND p.has_regions AND r.is_active
           LIMIT p_cap) AS codes;
      END IF;
      IF in_stock = 0 THEN
        RETURN;
      END IF;
${lockLineAndAddUpTo('in_stock')}
    END;
    $$;
`;

/**
 * A cart line checks its own option (docs/architecture.md, "Row locks"): add_to_cart_line counts the
 * option's sellable codes where the product sells them, so adding to the cart no longer reads every
 * price option of the product first. It answers no line when the option is not on sale at that price.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION add_to_cart_line(${PARAMETERS});
${ADD_TO_CART_LINE_CHECKING_ITS_STOCK}    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION add_to_cart_line(${PARAMETERS});
    ${ADD_TO_CART_LINE_UP_TO_A_CAP}
    `,
  );
}
