import { STORE_TIME_ZONE } from '@topup/common';
import type { Knex } from 'knex';
import type { CodeGenerationRequest, Order } from '../../../models';

/** Generation requests shown. */
const RECENT_GENERATIONS = 10;

/** An order completed on today's date in the store's time zone (two bindings: the zone, twice). */
const COMPLETED_TODAY = `status = 'completed' AND completed_at >= date_trunc('day', now() AT TIME ZONE ?) AT TIME ZONE ?`;

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

  recentGenerations: (db: Knex) =>
    db('code_generation_requests')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT_GENERATIONS)
      .select<Array<Pick<CodeGenerationRequest, 'id' | 'status' | 'generated' | 'count'>>>('id', 'status', 'generated', 'count'),
};
