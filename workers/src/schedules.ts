import { STORE_TIME_ZONE } from '@topup/common';
import type { JobsOptions } from 'bullmq';
import type { QueueName, QueuePayloads } from '@topup/common';
import type { Config, Logger } from '@topup/api';
import { READ_BALANCES_JOB } from '@topup/api';
import { SWEEP_DELIVERIES_JOB } from './processors/delivery-sweep';
import { PRUNE_OUTBOX_JOB } from './processors/reservation-expiry.processor';
import type { JobQueues } from './queues';

/** When a schedule fires: every so many milliseconds, or on a cron pattern in a time zone. */
export type ScheduleTiming = { everyMs: number } | { cron: string; tz: string };

/** A job run by a BullMQ job scheduler kept in Redis. */
export interface Schedule<N extends QueueName = QueueName> {
  /** The job scheduler id: every process upserts the same one, so there is one schedule however many run. */
  id: string;
  queue: N;
  timing: ScheduleTiming;
  jobName: string;
  data: QueuePayloads[N];
  /** Overrides of JOB_TEMPLATE_OPTIONS for this schedule's jobs (retries of a daily run, ...). */
  jobOptions?: JobsOptions;
}

/** The store's schedules; `config` sets how often the delivery sweep runs and the suppliers' balances are read. */
export const schedulesFor = (config: Pick<Config, 'deliverySweepSeconds' | 'supplierBalanceSeconds'>): Schedule[] => [
  {
    id: 'reservation-expiry',
    queue: 'reservation-expiry',
    timing: { everyMs: 60_000 },
    jobName: 'expire-holds',
    data: { bucket: 'every-minute' } satisfies QueuePayloads['reservation-expiry'],
  },
  {
    // Payments of gateways whose notifications are only hints are read back until they settle, and
    // refunds still pending are sent again: a lost notification or job never strands an order or money.
    id: 'payment-poll',
    queue: 'payment-callback',
    timing: { everyMs: 60_000 },
    jobName: 'poll-payments',
    data: { bucket: 'every-minute' } satisfies QueuePayloads['payment-callback'],
  },
  {
    // Paid orders whose delivery job is gone (an emptied Redis) are queued again, long before anyone
    // would see them under "Needs attention".
    id: 'delivery-sweep',
    queue: 'reservation-expiry',
    timing: { everyMs: config.deliverySweepSeconds * 1000 },
    jobName: SWEEP_DELIVERIES_JOB,
    data: { bucket: 'delivery-sweep' } satisfies QueuePayloads['reservation-expiry'],
  },
  {
    // The suppliers' balances read (each is also read after its orders), so a low one shows on the dashboard
    // and in topup_supplier_balance, deliveries go around it, and orders waiting for it go on once it is back.
    id: 'supplier-balances',
    queue: 'supplier-catalogue',
    timing: { everyMs: config.supplierBalanceSeconds * 1000 },
    jobName: READ_BALANCES_JOB,
    data: { bucket: 'supplier-balances' } satisfies QueuePayloads['supplier-catalogue'],
  },
  {
    // Dispatched outbox rows are kept OUTBOX_RETENTION_DAYS to look into, then deleted hourly.
    id: 'outbox-pruning',
    queue: 'reservation-expiry',
    timing: { everyMs: 3_600_000 },
    jobName: PRUNE_OUTBOX_JOB,
    data: { bucket: 'hourly' } satisfies QueuePayloads['reservation-expiry'],
  },
  {
    // Daily at 09:00 Moscow time (the store's time zone, STORE_TIME_ZONE), when the day's official
    // rates are out. Each run is keyed by that date, so a run fired twice updates once.
    id: 'rate-update-daily',
    queue: 'rate-update',
    timing: { cron: '0 9 * * *', tz: STORE_TIME_ZONE },
    jobName: 'refresh-rates',
    data: { schedule: 'daily' } satisfies QueuePayloads['rate-update'],
    // Unlike the every-minute expiry, a missed daily run waits a day: retry a source that is briefly
    // down (1, 2, 4 and 8 minutes later).
    jobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 } },
  },
];

const JOB_TEMPLATE_OPTIONS = {
  // The next run comes within the interval anyway; a failed one is kept for a week to look into.
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export interface RunningSchedules {
  /** Resolves once every schedule is in place (retried while Redis is unreachable). */
  ready: Promise<void>;
  /** Stops checking; schedules already in place stay in Redis. */
  stop(): void;
}

/**
 * Puts the schedules in place, then keeps them there. Each workers process does this at start:
 * upsertJobScheduler is idempotent, so any number of processes keep exactly one scheduler per
 * schedule, and a restart or a changed interval updates it rather than adding another. While Redis is
 * unreachable it retries in the background instead of holding up the start. A Redis that comes back
 * empty (restarted without its data, or flushed) has lost them: every `checkMs`, and as soon as the
 * connection is ready again, the schedules missing from Redis are put back.
 */
export function startSchedules(
  queues: JobQueues,
  logger: Logger,
  schedules: Schedule[],
  options: { retryMs?: number; checkMs?: number } = {},
): RunningSchedules {
  const retryMs = options.retryMs ?? 5_000;
  const checkMs = options.checkMs ?? 30_000;
  let stopped = false;
  let placed = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  async function upsert(schedule: Schedule): Promise<void> {
    const { timing } = schedule;
    await queues.byName[schedule.queue].upsertJobScheduler(
      schedule.id,
      'everyMs' in timing ? { every: timing.everyMs } : { pattern: timing.cron, tz: timing.tz },
      { name: schedule.jobName, data: schedule.data, opts: { ...JOB_TEMPLATE_OPTIONS, ...schedule.jobOptions } },
    );
  }

  /** Upserts the schedules Redis no longer has; resolves to their ids. */
  async function restoreMissing(): Promise<string[]> {
    const restored: string[] = [];
    for (const schedule of schedules) {
      if (await queues.byName[schedule.queue].getJobScheduler(schedule.id)) continue;
      await upsert(schedule);
      restored.push(schedule.id);
    }
    return restored;
  }

  function runIn(ms: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  }

  async function run(): Promise<void> {
    try {
      if (placed) {
        const restored = await restoreMissing();
        if (restored.length > 0) logger.warn({ schedules: restored }, 'Schedules missing from Redis were put back');
      } else {
        for (const schedule of schedules) await upsert(schedule);
        placed = true;
        logger.info({ schedules: schedules.map((schedule) => schedule.id) }, 'Schedules in place');
        markReady();
      }
      runIn(checkMs);
    } catch (err) {
      if (stopped) return;
      logger.warn({ err: (err as Error).message, retryInMs: retryMs }, 'Cannot check the schedules yet; retrying');
      runIn(retryMs);
    }
  }

  // Redis is back, perhaps empty: look at once rather than at the next check.
  const onConnectionReady = () => {
    if (placed) runIn(0);
  };
  queues.connection.on('ready', onConnectionReady);
  void run();

  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
      queues.connection.off('ready', onConnectionReady);
      markReady();
    },
  };
}
