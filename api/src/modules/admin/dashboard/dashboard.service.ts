import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { fromMinor, ORDER_STATUSES, type OrderStatus } from '@topup/common';
import type { Dashboard } from '@topup/common/api';
import type { Serializable } from '../../../lib/typed-routes';
import { ratesDal } from '../../rates/rates.dal';
import { toLastRateUpdate } from '../currency-rates/currency-rates.service';
import { lowStockLines } from '../stock-thresholds/low-stock.dal';
import { dashboardDal } from './dashboard.dal';
import { supportInbox } from './support-inbox.dal';
import { needsAttentionDal } from './needs-attention.dal';
import { loginLockouts } from './login-lockouts.dal';
import { suppliersCard } from './suppliers-card.dal';
import { lossDenominations } from '../../games/denomination-costs';

const decimalOrNull = (minor: number | string | null) => (minor === null ? null : fromMinor(Number(minor)));

/** How long the dashboard waits for Redis before showing the database figures without job counts. */
const QUEUE_TIMEOUT_MS = 2000;

async function failedCount(queue: Queue): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), QUEUE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([queue.getFailedCount(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The back office's start page figures (common/src/api/admin-dashboard.ts). */
export function createDashboardService(deps: { db: Knex; queues: Record<string, Queue>; attentionAfterMinutes: number }) {
  const { db, queues, attentionAfterMinutes } = deps;

  return {
    async summary(): Promise<Serializable<Dashboard>> {
      const [orderFigures, lowStock, lastRateUpdate, generation, inbox, failedJobs, needsAttention, lockouts, suppliers, losses] = await Promise.all([
        dashboardDal.orderFigures(db),
        lowStockLines(db),
        ratesDal.lastUpdate(db),
        dashboardDal.recentGenerations(db),
        supportInbox(db),
        Promise.all(Object.entries(queues).map(async ([queue, instance]) => ({ queue, count: await failedCount(instance) }))),
        needsAttentionDal.orders(db, attentionAfterMinutes),
        loginLockouts(db),
        suppliersCard(db),
        lossDenominations(db),
      ]);

      const salesToday = { usd: 0, rub: 0, uzs: 0, orders: 0 };
      const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
      for (const row of orderFigures) {
        if ((ORDER_STATUSES as readonly string[]).includes(row.status)) ordersByStatus[row.status as OrderStatus] += row.count;
        if (row.completed_today > 0) {
          salesToday[row.currency] = fromMinor(Number(row.sales_today));
          salesToday.orders += row.completed_today;
        }
      }
      return {
        salesToday,
        ordersByStatus,
        lowStock,
        failedJobs,
        generation,
        lastRateUpdate: lastRateUpdate ? toLastRateUpdate(lastRateUpdate) : null,
        supportInbox: inbox,
        needsAttention: needsAttention.map((row) => ({
          orderId: row.id,
          kind: row.kind,
          userNickname: row.user_nickname,
          flagged: row.flagged,
          reason: row.attention_reason,
          since: row.since,
        })),
        loginLockouts: lockouts,
        suppliers: suppliers.map((row) => ({
          id: row.id,
          kind: row.kind,
          name: row.name,
          active: row.active,
          balance: decimalOrNull(row.balance),
          balanceCurrency: row.balance_currency,
          balanceCheckedAt: row.balance_checked_at,
          lowBalanceThreshold: decimalOrNull(row.low_balance_threshold),
          low: row.low,
          waiting: row.open,
          waitingForBalance: row.waiting_for_balance,
          failuresToday: row.failures_today,
        })),
        lossDenominations: losses.map((line) => ({ ...line, price: fromMinor(line.price), cost: fromMinor(line.cost) })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
