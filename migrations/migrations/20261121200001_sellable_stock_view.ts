import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * Everything a shopper can buy as a code right now, from both sources: manual codes and published
 * generated Free Fire codes (always global). The catalogue's price options and the cart's stock
 * counts read stock through this one definition (checkout locks rows of the two tables, under the
 * same conditions, itself). Postgres pushes filters through the
 * UNION ALL into each table, so the partial "available" indexes still serve every query. The one code
 * stock (20261130000001_one_code_stock.ts) replaces it and restores it on its way down.
 */
export const SELLABLE_STOCK_OF_TWO_TABLES = `
    CREATE VIEW sellable_stock AS
      SELECT 'code'::text AS source, id, product_id, region_id, game_amount, price_usd, price_rub, popular
        FROM codes
       WHERE status = 'available'
      UNION ALL
      SELECT 'generated'::text, id, product_id, NULL::integer, game_amount, price_usd, price_rub, false
        FROM generated_codes
       WHERE status = 'available' AND published;`;

export async function up(knex: Knex): Promise<void> {
  await runDdl(knex, SELLABLE_STOCK_OF_TWO_TABLES);
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(knex, `DROP VIEW sellable_stock;`);
}
