import type { RefreshProgress } from '@topup/common/api';

export type RefreshOutcome = 'running' | 'completed' | 'skipped' | 'failed';

/** Where a rate refresh stands: queued (and retrying after a provider error) is still running. */
export function refreshOutcome(progress: Pick<RefreshProgress, 'status'>): RefreshOutcome {
  if (progress.status === 'completed' || progress.status === 'skipped' || progress.status === 'failed') return progress.status;
  return 'running';
}

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called with every answer, to show progress. */
  onProgress?: (progress: RefreshProgress) => void;
}

export type PollResult = { outcome: Exclude<RefreshOutcome, 'running'>; progress: RefreshProgress } | { outcome: 'timeout'; progress: RefreshProgress | null };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for a refresh's progress until it has finished, or gives up waiting after `timeoutMs` (the job
 * still runs: the list shows its result on the next refresh).
 */
export async function pollRefresh(fetchProgress: () => Promise<RefreshProgress>, options: PollOptions = {}): Promise<PollResult> {
  const { intervalMs = 1000, timeoutMs = 30_000, sleep = wait, now = Date.now, onProgress } = options;
  const deadline = now() + timeoutMs;
  let last: RefreshProgress | null = null;
  for (;;) {
    last = await fetchProgress();
    onProgress?.(last);
    const outcome = refreshOutcome(last);
    if (outcome !== 'running') return { outcome, progress: last };
    if (now() + intervalMs > deadline) return { outcome: 'timeout', progress: last };
    await sleep(intervalMs);
  }
}
