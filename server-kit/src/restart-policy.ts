/** How a supervisor starts a crashed process again (docs/architecture.md, "Processes"). */
export interface RestartPolicy {
  /** Wait before the first restart; doubled after each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A process that ran this long before it stopped starts again from `initialDelayMs`. */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** The wait before the next start after `crashes` crashes in a row: 1 s, 2 s, 4 s ... up to the cap. */
export function restartDelay(crashes: number, policy: RestartPolicy): number {
  return Math.min(policy.initialDelayMs * 2 ** Math.max(0, crashes - 1), policy.maxDelayMs);
}

/** A supervised process's run so far: when it last started, and its crashes in a row. */
export interface RestartRecord {
  startedAt: number;
  crashes: number;
}

/**
 * Counts a crash of the process `record` describes (a run of `resetAfterMs` or longer starts the count
 * again) and returns how long to wait before starting it again.
 */
export function countCrash(record: RestartRecord, policy: RestartPolicy): number {
  if (Date.now() - record.startedAt >= policy.resetAfterMs) record.crashes = 0;
  record.crashes += 1;
  return restartDelay(record.crashes, policy);
}

/**
 * Signals this close together are one delivery, not a second Ctrl+C: one Ctrl+C or `kill` of the
 * process group reaches a process both directly and through its parent, which forwards what it gets.
 * Passed on twice, the services would take the copy as "stop now" and drop running work.
 */
export const SAME_SIGNAL_WINDOW_MS = 1000;
