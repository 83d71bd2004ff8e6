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
  /** Runs `task` once a slot is free; throws GateFullError without waiting when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Whether `run` would refuse right now, as the seconds to retry after (else undefined): lets a caller
   * shed before doing other work. A number, not an error: under a flood this runs for every request.
   */
  refusal(): number | undefined;
  readonly running: number;
  readonly waiting: number;
}

/** Weight of the latest task in the moving average of task time. */
const PACE_WEIGHT = 0.2;

/**
 * At most `concurrency` tasks at once and at most `queue` waiting for a slot. The queue bound is what
 * sheds load: a flood is refused in microseconds instead of piling up work nobody waits for any more.
 */
export function createConcurrencyGate(limits: { concurrency: number; queue: number }): ConcurrencyGate {
  let running = 0;
  const waiters: Array<() => void> = [];
  let averageTaskMs = 0;

  function retryAfterSeconds(): number {
    const rounds = (running + waiters.length) / limits.concurrency;
    return Math.max(1, Math.ceil((rounds * averageTaskMs) / 1000));
  }

  function refusal(): number | undefined {
    const full = running >= limits.concurrency && waiters.length >= limits.queue;
    return full ? retryAfterSeconds() : undefined;
  }

  async function acquire(): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    const retryAfter = refusal();
    if (retryAfter !== undefined) throw new GateFullError(retryAfter);
    // The finishing task hands its slot straight over, so `running` already counts this one.
    await new Promise<void>((resolve) => waiters.push(resolve));
  }

  function release(taskMs: number): void {
    averageTaskMs = averageTaskMs === 0 ? taskMs : averageTaskMs * (1 - PACE_WEIGHT) + taskMs * PACE_WEIGHT;
    const next = waiters.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    refusal,
    async run(task) {
      await acquire();
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
      return waiters.length;
    },
  };
}
