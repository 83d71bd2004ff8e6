import type { Knex } from 'knex';
import { STORE_TIME_ZONE } from '@topup/common';

/** What an order item's delivered supplier attempts cost (minor units of the order's currency). */
export interface ItemCostRow {
  order_item_id: number;
  delivered: number;
  /** Attempts whose supplier reported a cost. */
  costed: number;
  /** Attempts whose cost was converted to the order's currency. */
  converted: number;
  sale_cost: string;
  /** The one rate they were converted at; null for several or none. */
  rate: string | null;
}

/** One game, supplier and order currency of the margin report (minor units). */
export interface MarginReportRow {
  game: string;
  game_title: string;
  supplier: string | null;
  currency: 'usd' | 'rub';
  deliveries: number;
  revenue: string;
  cost: string;
  margin: string;
  uncosted: number;
}

/** A package's price in the order's currency, in minor units, from the top-up data the order kept. */
const PACKAGE_PRICE = `round((%s->>('price_' || i.currency))::numeric * 100)::bigint`;

export const marginsDal = {
  itemCosts: (db: Knex, orderId: number): Promise<ItemCostRow[]> =>
    db('supplier_orders')
      .where({ order_id: orderId, status: 'succeeded' })
      .groupBy('order_item_id')
      .select(
        'order_item_id',
        db.raw('count(*)::int AS delivered'),
        db.raw('count(cost)::int AS costed'),
        db.raw('count(sale_cost)::int AS converted'),
        db.raw('coalesce(sum(sale_cost), 0)::bigint AS sale_cost'),
        db.raw('CASE WHEN count(DISTINCT cost_rate) = 1 THEN trim_scale(min(cost_rate))::text END AS rate'),
      ),

  /**
   * Top-up orders completed within the store days `from` to `to`, one line per delivery: each attempt a
   * supplier delivered (a whole item, or one package at its own price), and what the code stock redeemed.
   */
  async report(db: Knex, from: string, to: string): Promise<MarginReportRow[]> {
    const result = await db.raw<{ rows: MarginReportRow[] }>(
      `WITH items AS (
         SELECT oi.id, oi.amount, o.currency, oi.topup_data
           FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE o.kind = 'topup' AND o.status = 'completed' AND oi.topup_data IS NOT NULL
            AND o.completed_at >= (?::date)::timestamp AT TIME ZONE ?
            AND o.completed_at < (?::date + 1)::timestamp AT TIME ZONE ?
       ), lines AS (
         SELECT i.topup_data->>'service' AS game, s.name AS supplier, i.currency,
                CASE WHEN so.package_index IS NULL THEN i.amount ELSE ${PACKAGE_PRICE.replace('%s', "i.topup_data->'packages'->so.package_index")} END AS revenue,
                so.sale_cost
           FROM items i
           JOIN supplier_orders so ON so.order_item_id = i.id AND so.status = 'succeeded'
           JOIN suppliers s ON s.id = so.supplier_id
         UNION ALL
         SELECT i.topup_data->>'service', NULL, i.currency, ${PACKAGE_PRICE.replace('%s', 'p.value')}, NULL
           FROM items i CROSS JOIN LATERAL jsonb_array_elements(i.topup_data->'packages') p
          WHERE jsonb_typeof(i.topup_data->'packages') = 'array' AND p.value->>'delivered_by' IS NULL
         UNION ALL
         SELECT i.topup_data->>'service', NULL, i.currency, i.amount, NULL
           FROM items i
          WHERE i.topup_data->'packages' IS NULL
            AND NOT EXISTS (SELECT 1 FROM supplier_orders so WHERE so.order_item_id = i.id AND so.status = 'succeeded')
       )
       SELECT l.game, coalesce(p.title, l.game) AS game_title, l.supplier, l.currency,
              count(*)::int AS deliveries,
              sum(l.revenue)::bigint AS revenue,
              coalesce(sum(l.sale_cost), 0)::bigint AS cost,
              (coalesce(sum(l.revenue) FILTER (WHERE l.sale_cost IS NOT NULL), 0) - coalesce(sum(l.sale_cost), 0))::bigint AS margin,
              count(*) FILTER (WHERE l.sale_cost IS NULL)::int AS uncosted
         FROM lines l LEFT JOIN products p ON p.slug = l.game
        GROUP BY l.game, p.title, l.supplier, l.currency
        ORDER BY game_title, l.supplier NULLS LAST, l.currency`,
      [from, STORE_TIME_ZONE, to, STORE_TIME_ZONE],
    );
    return result.rows;
  },
};
