import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { Gauge, Registry } from 'prom-client';
import { ORDER_STATUSES } from '@topup/common';
import { ORDER_PAYMENT_METHODS } from '@topup/common/api';
import { METRICS_PREFIX } from '../../lib/metrics';
import { lowStockLines } from '../admin/stock-thresholds/low-stock.dal';

/** The job states a queue's depth is shown in. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** A scrape waits at most this long for the database and Redis; a slower source is left out of it. */
const STORE_GAUGES_TIMEOUT_MS = 2_000;

/** A statement slower than this is cancelled by Postgres: a stuck scrape must not hold a connection. */
const STATEMENT_TIMEOUT_MS = STORE_GAUGES_TIMEOUT_MS;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database figures, read in one short read-only transaction. */
async function readDatabaseFigures(db: Knex) {
  return db.transaction(
    async (trx) => {
      await trx.raw(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      // One after another: a transaction is one connection, which runs one statement at a time anyway
      // (pg refuses queries queued on a busy client from its version 9).
      // min(id) walks the undispatched index; the oldest row is the first written.
      const outbox = await trx
        .raw<{ rows: Array<{ backlog: number; oldest_age: number | null }> }>(
          `SELECT count(*)::int AS backlog,
                  extract(epoch FROM now() - min(created_at))::float8 AS oldest_age
             FROM outbox WHERE dispatched_at IS NULL`,
        )
        .then((result) => result.rows[0]!);
      const ordersByStatus = await trx('orders')
        .groupBy('status', 'payment_method')
        .select<Array<{ status: string; payment_method: string; count: number }>>('status', 'payment_method', trx.raw('count(*)::int AS count'));
      const lowStock = await lowStockLines(trx, { limit: null });
      const rates = await trx
        .raw<{ rows: Array<{ age: number | null }> }>(
          // The stalest rate: checked_at moves whenever the feed or an admin confirms a rate.
          `SELECT extract(epoch FROM now() - min(checked_at))::float8 AS age FROM currency_rates`,
        )
        .then((result) => result.rows[0]!);
      // The open attempts walk their partial index.
      const suppliers = await trx
        .raw<{ rows: Array<{ kind: string; balance: string | null; balance_currency: string | null; open: number }> }>(
          `SELECT s.kind, s.balance, s.balance_currency,
                  (SELECT count(*) FROM supplier_orders o WHERE o.supplier_id = s.id AND o.status IN ('creating', 'pending'))::int AS open
             FROM suppliers s`,
        )
        .then((result) => result.rows);
      return { outbox, ordersByStatus, lowStock, rateAge: rates.age, suppliers };
    },
    { readOnly: true },
  );
}

async function readQueueDepths(queues: Record<string, Queue>) {
  return Promise.all(
    Object.entries(queues).map(async ([queue, instance]) => ({ queue, counts: await instance.getJobCounts(...JOB_STATES) })),
  );
}

/**
 * The store's own figures, read at scrape time into a fresh registry (so a figure that could not be
 * read is absent rather than stale): queue depths from Redis; the outbox, orders, low stock, the
 * exchange rates' age and each supplier's open orders and balance from Postgres. Each source that fails or is slow is left out and named in
 * `topup_metrics_source_up`.
 */
export async function collectStoreGauges(deps: { db: Knex; queues: Record<string, Queue> }): Promise<Registry> {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name: `${METRICS_PREFIX}${name}`, help, labelNames, registers: [registry] });
  const sourceUp = gauge('metrics_source_up', 'Whether the scrape could read a source (1) or not (0)', ['source']);

  const [database, queueDepths] = await Promise.allSettled([
    withTimeout(readDatabaseFigures(deps.db), STORE_GAUGES_TIMEOUT_MS),
    withTimeout(readQueueDepths(deps.queues), STORE_GAUGES_TIMEOUT_MS),
  ]);

  sourceUp.set({ source: 'postgres' }, database.status === 'fulfilled' ? 1 : 0);
  if (database.status === 'fulfilled') {
    const { outbox, ordersByStatus, lowStock, rateAge, suppliers } = database.value;
    gauge('outbox_backlog', 'Outbox rows not yet sent to their queue').set(outbox.backlog);
    gauge('outbox_oldest_age_seconds', 'Age of the oldest outbox row not yet sent (0 when none)').set(outbox.oldest_age ?? 0);
    const orders = gauge('orders', 'Orders by status', ['status']);
    const byMethod = gauge('orders_by_payment_method', "Orders by how they were paid (balance, card, sbp, payme, click), as in the gateways' reports", ['payment_method']);
    for (const status of ORDER_STATUSES) orders.set({ status }, 0);
    for (const payment_method of ORDER_PAYMENT_METHODS) byMethod.set({ payment_method }, 0);
    for (const row of ordersByStatus) {
      orders.inc({ status: row.status }, row.count);
      byMethod.inc({ payment_method: row.payment_method }, row.count);
    }
    gauge('low_stock_lines', 'Stock lines below their low-stock threshold (as on the dashboard)').set(lowStock.length);
    const available = gauge('low_stock_available', 'What is left of each stock line below its threshold', ['kind', 'id', 'name']);
    for (const line of lowStock) available.set({ kind: line.kind, id: String(line.id), name: line.name }, line.available);
    if (rateAge !== null) gauge('exchange_rate_age_seconds', 'Seconds since the exchange rates were last checked or set').set(rateAge);
    const waiting = gauge('supplier_orders_open', "Top-up orders sent to a supplier and not yet settled (waiting for its answer), by supplier", ['supplier']);
    const balance = gauge('supplier_balance', "A supplier's balance with the store as it last reported it, in its currency", ['supplier', 'currency']);
    for (const supplier of suppliers) {
      waiting.set({ supplier: supplier.kind }, supplier.open);
      // Minor units in the database; the gauge speaks whole units, as the supplier does.
      if (supplier.balance !== null && supplier.balance_currency) balance.set({ supplier: supplier.kind, currency: supplier.balance_currency }, Number(supplier.balance) / 100);
    }
  }

  sourceUp.set({ source: 'redis' }, queueDepths.status === 'fulfilled' ? 1 : 0);
  if (queueDepths.status === 'fulfilled') {
    const jobs = gauge('queue_jobs', 'Jobs in each BullMQ queue by state', ['queue', 'state']);
    for (const { queue, counts } of queueDepths.value) {
      for (const state of JOB_STATES) jobs.set({ queue, state }, counts[state] ?? 0);
    }
  }
  return registry;
}
