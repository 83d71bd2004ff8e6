import { DEFAULT_LOW_STOCK_THRESHOLD } from '@topup/common';
import type { LowStockLine } from '@topup/common/api';
import type { Knex } from 'knex';
import { FREEFIRE_OFFERS_SQL, PUBG_PACKAGES_SQL } from '../../games/games.dal';
import { availableRedemptionCodesSql } from '../../stock/stock.dal';

/** Low-stock lines answered at most, the emptiest first. */
const LOW_STOCK_LIMIT = 50;

/**
 * The default threshold: the stock_thresholds row naming no product, package or offer (the
 * migration creates it; DEFAULT_LOW_STOCK_THRESHOLD covers a database without it).
 */
const DEFAULT_THRESHOLD = `coalesce((SELECT t.threshold FROM stock_thresholds t
  WHERE t.product_id IS NULL AND t.pubg_denomination_id IS NULL AND t.freefire_denomination_id IS NULL), ?)`;

/**
 * Stock lines of the code stock with fewer sellable than their threshold (stock_thresholds): price options of manual
 * codes of active products (sold-out ones included), active PUBG packages and active Free Fire
 * offers (published generated codes). A code line takes its product's most specific threshold
 * (region and amount, then one of them, then the product alone), else the default. Also read by the
 * metrics' low-stock gauge, with `limit: null` for every line.
 */
export async function lowStockLines(db: Knex, options: { limit?: number | null } = {}): Promise<LowStockLine[]> {
  const limit = options.limit === undefined ? LOW_STOCK_LIMIT : options.limit;
  const { rows } = await db.raw<{ rows: LowStockLine[] }>(
    `WITH fallback AS (SELECT ${DEFAULT_THRESHOLD} AS threshold)
     SELECT kind, id, name, available, threshold FROM (
       SELECT 'code' AS kind, p.id,
              p.title || ' · ' || coalesce(r.name, 'Global') || ' · ' || c.game_amount || ' ' || coalesce(nullif(pr.game_currency, ''), p.game_currency)
                || ' · $' || to_char(c.price_usd / 100.0, 'FM999999990.00') AS name,
              count(*) FILTER (WHERE c.status = 'available')::int AS available,
              coalesce((SELECT t.threshold FROM stock_thresholds t
                         WHERE t.product_id = p.id
                           AND (t.region_id IS NULL OR t.region_id = c.region_id)
                           AND (t.game_amount IS NULL OR t.game_amount = c.game_amount)
                         ORDER BY (t.region_id IS NOT NULL)::int + (t.game_amount IS NOT NULL)::int DESC, t.region_id NULLS LAST
                         LIMIT 1), min(fallback.threshold)) AS threshold
         FROM stock_codes c
         JOIN products p ON p.id = c.product_id AND p.active
         LEFT JOIN regions r ON r.id = c.region_id
         -- A region may sell the product in its own currency (a Turkish card counts TRY), as its orders say.
         LEFT JOIN product_regions pr ON pr.product_id = p.id AND pr.region_id = c.region_id
         CROSS JOIN fallback
        WHERE c.source = 'manual'
        GROUP BY p.id, p.title, p.game_currency, pr.game_currency, r.name, c.region_id, c.game_amount, c.price_usd, c.price_rub
       UNION ALL
       SELECT 'pubg', d.id, d.uc_amount || ' UC',
              ${availableRedemptionCodesSql('d.id')},
              coalesce(t.threshold, fallback.threshold)
         FROM (${PUBG_PACKAGES_SQL}) d
         CROSS JOIN fallback
         LEFT JOIN stock_thresholds t ON t.pubg_denomination_id = d.id
        WHERE d.active
       UNION ALL
       SELECT 'freefire', d.id, d.name,
              (SELECT count(*) FROM stock_codes gc
                WHERE gc.source = 'generated' AND gc.denomination_id = d.denomination_id AND gc.status = 'available' AND gc.published)::int,
              coalesce(t.threshold, fallback.threshold)
         FROM (${FREEFIRE_OFFERS_SQL}) d
         CROSS JOIN fallback
         LEFT JOIN stock_thresholds t ON t.freefire_denomination_id = d.id
        WHERE d.is_active
     ) stock
     WHERE available < threshold
     ORDER BY available, kind, name
     ${limit === null ? '' : 'LIMIT ?'}`,
    limit === null ? [DEFAULT_LOW_STOCK_THRESHOLD] : [DEFAULT_LOW_STOCK_THRESHOLD, limit],
  );
  return rows;
}
