import type { QueueName, QueuePayloads } from '@topup/common';
import type { Logger } from '@topup/api';
import type { JobQueues } from './queues';

/** A job run on a fixed interval by a BullMQ job scheduler kept in Redis. */
export interface Schedule<N extends QueueName = QueueName> {
  /** The job scheduler id: every process upserts the same one, so there is one schedule however many run. */
  id: string;
  queue: N;
  everyMs: number;
  jobName: string;
  data: QueuePayloads[N];
}

export const SCHEDULES: Schedule[] = [
  {
    id: 'reservation-expiry',
    queue: 'reservation-expiry',
    everyMs: 60_000,
    jobName: 'expire-holds',
    data: { bucket: 'every-minute' } satisfies QueuePayloads['reservation-expiry'],
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
  /** Stops retrying; schedules already in place stay in Redis. */
  stop(): void;
}

/**
 * Puts the schedules in place. Each workers process does this at start: upsertJobScheduler is
 * idempotent, so any number of processes keep exactly one scheduler per schedule, and a restart or a
 * changed interval updates it rather than adding another. While Redis is unreachable it retries in
 * the background instead of holding up the start.
 */
export function startSchedules(
  queues: JobQueues,
  logger: Logger,
  options: { schedules?: Schedule[]; retryMs?: number } = {},
): RunningSchedules {
  const schedules = options.schedules ?? SCHEDULES;
  const retryMs = options.retryMs ?? 5_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function upsertAll(): Promise<void> {
    for (const schedule of schedules) {
      await queues.byName[schedule.queue].upsertJobScheduler(
        schedule.id,
        { every: schedule.everyMs },
        { name: schedule.jobName, data: schedule.data, opts: JOB_TEMPLATE_OPTIONS },
      );
    }
  }

  const ready = new Promise<void>((resolve) => {
    const attempt = () => {
      if (stopped) return resolve();
      upsertAll().then(
        () => {
          logger.info({ schedules: schedules.map((schedule) => schedule.id) }, 'Schedules in place');
          resolve();
        },
        (err: unknown) => {
          if (stopped) return resolve();
          logger.warn({ err: (err as Error).message, retryInMs: retryMs }, 'Cannot set up the schedules yet; retrying');
          timer = setTimeout(attempt, retryMs);
          timer.unref();
        },
      );
    };
    attempt();
  });

  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
