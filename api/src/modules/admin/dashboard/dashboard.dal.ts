import { STORE_TIME_ZONE } from '@topup/common';
import type { Knex } from 'knex';
import type { CodeGenerationRequest, Order } from '../../../models';

/** Fewer sellable than this is low stock. */
export const LOW_STOCK_THRESHOLD = 10;
/** Low-stock lines answered at most, the emptiest first. */
const LOW_STOCK_LIMIT = 50;
/** Generation requests shown. */
const RECENT_GENERATIONS = 10;

/** An order completed on today's date in the store's time zone (two bindings: the zone, twice). */
const COMPLETED_TODAY = `status = 'completed' AND completed_at >= date_trunc('day', now() AT TIME ZONE ?) AT TIME ZONE ?`;

/** A stock line (a price option, a PUBG package or a Free Fire offer) and how many of it are sellable. */
export interface LowStockLine {
  kind: 'code' | 'pubg' | 'freefire';
  id: number;
  name: string;
  available: number;
}

/** Read-only figures for the back-office dashboard; every function takes the connection to use. */
export const dashboardDal = {
  /**
   * Orders per status and currency in one pass, with the completed ones whose completion falls on
   * today's date in the store's time zone and their total (minor units).
   */
  orderFigures: (db: Knex) =>
    db('orders')
      .groupBy('status', 'currency')
      .select<Array<Pick<Order, 'status' | 'currency'> & { count: number; completed_today: number; sales_today: number }>>(
        'status',
        'currency',
        db.raw('count(*)::int as count'),
        db.raw(`count(*) filter (where ${COMPLETED_TODAY})::int as completed_today`, [STORE_TIME_ZONE, STORE_TIME_ZONE]),
        db.raw(`coalesce(sum(total) filter (where ${COMPLETED_TODAY}), 0)::bigint as sales_today`, [
          STORE_TIME_ZONE,
          STORE_TIME_ZONE,
        ]),
      ),

  /**
   * Stock lines with fewer than LOW_STOCK_THRESHOLD sellable: price options of manual codes of
   * active products (sold-out ones included), active PUBG packages and active Free Fire offers
   * (published generated codes).
   */
  async lowStock(db: Knex): Promise<LowStockLine[]> {
    const { rows } = await db.raw<{ rows: LowStockLine[] }>(
      `SELECT kind, id, name, available FROM (
         SELECT 'code' AS kind, p.id,
                p.title || ' · ' || coalesce(r.name, 'Global') || ' · ' || c.game_amount || ' ' || p.game_currency
                  || ' · $' || to_char(c.price_usd / 100.0, 'FM999999990.00') AS name,
                count(*) FILTER (WHERE c.status = 'available')::int AS available
           FROM codes c
           JOIN products p ON p.id = c.product_id AND p.active
           LEFT JOIN regions r ON r.id = c.region_id
          GROUP BY p.id, p.title, p.game_currency, r.name, c.region_id, c.game_amount, c.price_usd, c.price_rub
         UNION ALL
         SELECT 'pubg', d.id, d.uc_amount || ' UC',
                (SELECT count(*) FROM pubg_codes pc WHERE pc.denomination_id = d.id AND pc.status = 'available')::int
           FROM pubg_denominations d
          WHERE d.active
         UNION ALL
         SELECT 'freefire', d.id, d.name,
                (SELECT count(*) FROM generated_codes gc
                  WHERE gc.denomination_id = d.id AND gc.status = 'available' AND gc.published)::int
           FROM freefire_denominations d
          WHERE d.is_active
       ) stock
       WHERE available < ?
       ORDER BY available, kind, name
       LIMIT ?`,
      [LOW_STOCK_THRESHOLD, LOW_STOCK_LIMIT],
    );
    return rows;
  },

  recentGenerations: (db: Knex) =>
    db('code_generation_requests')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT_GENERATIONS)
      .select<Array<Pick<CodeGenerationRequest, 'id' | 'status' | 'generated' | 'count'>>>('id', 'status', 'generated', 'count'),
};
