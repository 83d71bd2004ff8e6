import type { Knex } from 'knex';
import type { QueueName, QueuePayloads } from '@topup/common';

/**
 * Queues a job as part of the caller's transaction: the job exists exactly when the change that
 * needs it commits. The outbox's insert trigger notifies the relay, on commit too, which wakes it at
 * once instead of at its next poll. Returns the outbox row id (the BullMQ job id is derived from it).
 */
export async function enqueueJob<N extends QueueName>(
  trx: Knex.Transaction,
  queue: N,
  jobName: string,
  payload: QueuePayloads[N],
): Promise<number> {
  const [row] = await trx('outbox').insert({ queue, job_name: jobName, payload }).returning<{ id: number }[]>('id');
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}
