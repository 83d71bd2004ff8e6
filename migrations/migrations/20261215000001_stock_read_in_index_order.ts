import type { Knex } from 'knex';
import { runDdl } from '../sql';
import { TAKE_CODES, TAKE_CODES_SIGNATURE } from './20261130000001_one_code_stock';
import { CREATE_ADD_TO_CART_LINE } from './20261212000001_cart_line_added_in_one_statement';
import { ADD_TO_CART_LINE_CHECKING_ITS_STOCK, PARAMETERS } from './20261214000001_cart_line_checks_its_stock';

/**
 * The codes a shopper can buy now (sellable_stock's own condition), by price option in the order
 * checkout takes them. Region is compared as coalesce(region_id, 0) (region ids are positive, which
 * regions_id_positive makes sure of), so a global option is an equality too: an option's codes are
 * read in id order, and a product's options in one region (the catalogue's counts) are one range.
 */
const SELLABLE_OPTION_INDEX = `
  ALTER TABLE regions ADD CONSTRAINT regions_id_positive CHECK (id > 0);
  CREATE INDEX stock_codes_option_order_idx
    ON stock_codes (product_id, (coalesce(region_id, 0)), game_amount, price_usd, price_rub, source, id)
    WHERE status = 'available' AND (source = 'manual' OR (source = 'generated' AND published));`;

/** Codes of one price option a shopper can buy now (sellable_stock), for add_to_cart_line's counts. */
const optionStock = (extraJoins: string, onSale: string) => `
          SELECT 1 FROM sellable_stock s
            JOIN products p ON p.id = s.product_id${extraJoins}
           WHERE s.product_id = p_product_id AND s.game_amount = p_game_amount
             AND s.price_usd = p_price_usd AND s.price_rub = p_price_rub
             AND coalesce(s.region_id, 0) = coalesce(p_region_id, 0)
             AND ${onSale}
           LIMIT wanted`;

/**
 * Taking and counting a price option's codes costs what the order needs, not what the stock holds
 * (docs/architecture.md, "Row locks"): take_codes read and sorted every available code of the option
 * to lock the oldest few, and add_to_cart_line counted up to a full line's worth of them for every
 * addition of one. Now take_codes walks an index in the order it takes codes, and add_to_cart_line
 * counts only as far as the line's new quantity.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ${SELLABLE_OPTION_INDEX}
    DROP INDEX stock_codes_available_options_idx;

    /*
     * Locks up to p_count available codes of exactly this price option, oldest first: manual codes,
     * then (for a global option) published generated codes, each read in index order so only the
     * codes taken (and those skipped as locked) are visited. SKIP LOCKED lets concurrent checkouts
     * take different codes instead of queueing on the same rows; a code sold meanwhile fails the
     * re-check after locking and is left out, so no code is taken twice. Fewer rows than p_count
     * means the option is short of stock.
     */
    CREATE OR REPLACE FUNCTION ${TAKE_CODES_SIGNATURE}
    LANGUAGE plpgsql AS $$
    DECLARE
      taken integer;
    BEGIN
      RETURN QUERY
        SELECT c.id FROM stock_codes c
         WHERE c.status = 'available' AND c.source = 'manual' AND c.product_id = p_product_id
           AND c.game_amount = p_game_amount AND c.price_usd = p_price_usd AND c.price_rub = p_price_rub
           AND coalesce(c.region_id, 0) = coalesce(p_region_id, 0)
         ORDER BY c.id
         LIMIT p_count
           FOR UPDATE SKIP LOCKED;
      GET DIAGNOSTICS taken = ROW_COUNT;
      IF taken < p_count AND p_region_id IS NULL THEN
        RETURN QUERY
          SELECT c.id FROM stock_codes c
           WHERE c.status = 'available' AND c.source = 'generated' AND c.published AND c.product_id = p_product_id
             AND c.game_amount = p_game_amount AND c.price_usd = p_price_usd AND c.price_rub = p_price_rub
             AND coalesce(c.region_id, 0) = 0
           ORDER BY c.id
           LIMIT p_count - taken
             FOR UPDATE SKIP LOCKED;
      END IF;
    END;
    $$;

    /*
     * Adds p_quantity units of one price option to the user's line of it (creating the line), never
     * beyond p_cap nor the option's stock. Invariants:
     * 1. The line is locked before it is read, so two concurrent additions to it queue and each learns
     *    whether the cap or the stock cut what it added (capped). Two first additions race to insert
     *    it: the one that loses locks the line the other made and adds to it.
     * 2. The option is the stock's own: codes a shopper can buy now (sellable_stock) of exactly this
     *    amount and these prices, of a product on sale there (active, and selling global codes when
     *    p_region_id is null, else offering that active region). None: no line is added and no row is
     *    returned; the caller tells the shopper why (no such product or region, a new price, sold out).
     *    They are counted only up to the quantity the line would reach, so a large stock costs no more
     *    than the line.
     * Returns the line and its new quantity.
     */
    DROP FUNCTION add_to_cart_line(${PARAMETERS});
${CREATE_ADD_TO_CART_LINE}
    DECLARE
      line_id  bigint;
      before   integer;
      wanted   integer;
      in_stock integer;
    BEGIN
      LOOP
        -- 1.
        SELECT ci.id, ci.quantity INTO line_id, before
          FROM cart_items ci
         WHERE ci.user_id = p_user_id AND ci.product_id = p_product_id AND coalesce(ci.region_id, 0) = coalesce(p_region_id, 0)
           AND ci.game_amount = p_game_amount AND ci.price_usd = p_price_usd AND ci.price_rub = p_price_rub
           FOR UPDATE;
        wanted := least(p_cap, coalesce(before, 0) + p_quantity);

        -- 2.
        IF p_region_id IS NULL THEN
          SELECT count(*) INTO in_stock FROM (${optionStock('', 'p.active AND p.has_global_codes')}) AS codes;
        ELSE
          SELECT count(*) INTO in_stock FROM (${optionStock(
            `
            JOIN product_regions pr ON pr.product_id = s.product_id AND pr.region_id = s.region_id
            JOIN regions r ON r.id = pr.region_id`,
            'p.active AND p.has_regions AND r.is_active',
          )}) AS codes;
        END IF;
        IF in_stock = 0 THEN
          RETURN;
        END IF;

        IF line_id IS NOT NULL THEN
          RETURN QUERY
            UPDATE cart_items ci SET quantity = least(before + p_quantity, in_stock), updated_at = now()
             WHERE ci.id = line_id
            RETURNING ci.id, ci.quantity, ci.quantity < before + p_quantity;
          RETURN;
        END IF;
        RETURN QUERY
          INSERT INTO cart_items AS ci (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
          VALUES (p_user_id, p_product_id, p_region_id, p_game_amount, p_price_usd, p_price_rub, least(p_quantity, in_stock))
          ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub) DO NOTHING
          RETURNING ci.id, ci.quantity, ci.quantity < p_quantity;
        IF FOUND THEN
          RETURN;
        END IF;
      END LOOP;
    END;
    $$;
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    DROP FUNCTION add_to_cart_line(${PARAMETERS});
${ADD_TO_CART_LINE_CHECKING_ITS_STOCK}
    DROP FUNCTION take_codes(integer, integer, integer, bigint, bigint, integer);
    ${TAKE_CODES}
    CREATE INDEX stock_codes_available_options_idx ON stock_codes (product_id, region_id, game_amount, price_usd, price_rub)
      WHERE status = 'available' AND source IN ('manual', 'generated');
    DROP INDEX stock_codes_option_order_idx;
    ALTER TABLE regions DROP CONSTRAINT regions_id_positive;
    `,
  );
}
