import type { Job } from 'bullmq';

/** True while a job runs its last allowed attempt: a failure now is final, not retried. */
export function isFinalAttempt(job: Pick<Job, 'attemptsMade' | 'opts'>): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
