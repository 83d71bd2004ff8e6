/** Refused at once: every slot is taken and the wait queue is full. */
export class GateFullError extends Error {
  override name = 'GateFullError';

  constructor(
    /** A fair guess at when a slot frees up: the work ahead of a newcomer at the recent pace, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super('Too many tasks are waiting');
  }
}

export interface ConcurrencyGate {
  /**
   * Runs `task` once a slot is free; throws GateFullError without waiting when its queue is full. A
   * `preferred` task waits in a queue of its own, served before the other, so a flood of the others
   * cannot keep it out.
   */
  run<T>(task: () => Promise<T>, preferred?: boolean): Promise<T>;
  /**
   * Whether `run` would refuse right now, as the seconds to retry after (else undefined): lets a caller
   * shed before doing other work. A number, not an error: under a flood this runs for every request.
   */
  refusal(preferred?: boolean): number | undefined;
  readonly running: number;
  readonly waiting: number;
}

/** Weight of the latest task in the moving average of task time. */
const PACE_WEIGHT = 0.2;

/**
 * At most `concurrency` tasks at once, at most `queue` waiting for a slot and `preferredQueue`
 * preferred ones besides. The queue bounds are what shed load: a flood is refused in microseconds
 * instead of piling up work nobody waits for any more.
 */
export function createConcurrencyGate(limits: { concurrency: number; queue: number; preferredQueue?: number }): ConcurrencyGate {
  let running = 0;
  const waiters: Array<() => void> = [];
  const preferredWaiters: Array<() => void> = [];
  let averageTaskMs = 0;

  function retryAfterSeconds(ahead: number): number {
    const rounds = (running + ahead) / limits.concurrency;
    return Math.max(1, Math.ceil((rounds * averageTaskMs) / 1000));
  }

  function refusal(preferred = false): number | undefined {
    const [queue, bound] = preferred ? [preferredWaiters, limits.preferredQueue ?? 0] : [waiters, limits.queue];
    const full = running >= limits.concurrency && queue.length >= bound;
    return full ? retryAfterSeconds(queue.length + preferredWaiters.length) : undefined;
  }

  async function acquire(preferred: boolean): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    const retryAfter = refusal(preferred);
    if (retryAfter !== undefined) throw new GateFullError(retryAfter);
    // The finishing task hands its slot straight over, so `running` already counts this one.
    await new Promise<void>((resolve) => (preferred ? preferredWaiters : waiters).push(resolve));
  }

  function release(taskMs: number): void {
    averageTaskMs = averageTaskMs === 0 ? taskMs : averageTaskMs * (1 - PACE_WEIGHT) + taskMs * PACE_WEIGHT;
    const next = preferredWaiters.shift() ?? waiters.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    refusal,
    async run(task, preferred = false) {
      await acquire(preferred);
      const started = performance.now();
      try {
        return await task();
      } finally {
        release(performance.now() - started);
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length + preferredWaiters.length;
    },
  };
}
