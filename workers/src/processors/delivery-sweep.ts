import type { Queue } from 'bullmq';
import type { QueueName } from '@topup/common';
import {
  deliveriesToCheck,
  enqueueJob,
  latestOutboxJob,
  lockOrder,
  outboxJobLive,
  outboxWorkToCheck,
  redeliverLost,
  type Db,
  type Logger,
} from '@topup/api';

/** The job of the reservation-expiry queue that queues again the work whose job is gone. */
export const SWEEP_DELIVERIES_JOB = 'sweep-deliveries';

/** Most pieces of work of each kind one run looks at; the rest wait for the next run, oldest first. */
const SWEEP_BATCH = 500;

/** A kind of work a lost job would strand a paid order in, and how its job is queued again. */
interface StrandableWork {
  queue: QueueName;
  /** The work whose latest job was sent more than `graceSeconds` ago, with that job's id (null: none left). */
  toCheck(graceSeconds: number): Promise<Array<{ id: number; jobId: string | null }>>;
  /** Queues the work's job again unless it moved on meanwhile (done, flagged, given another job); resolves to whether it did. */
  requeue(id: number, lostJobId: string | null): Promise<boolean>;
}

function strandableWork(db: Db): Record<'deliveries' | 'gatewayEvents', StrandableWork> {
  return {
    // A paid order's delivery.
    deliveries: {
      queue: 'fulfilment',
      toCheck: (graceSeconds) => deliveriesToCheck(db, graceSeconds, SWEEP_BATCH),
      requeue: (orderId, lostJobId) =>
        db.transaction(async (trx) => {
          const order = await lockOrder(trx, orderId);
          return order ? redeliverLost(trx, order, lostJobId) : false;
        }),
    },
    // A signed gateway event stored but not yet applied (the sandbox's): unapplied, the order's hold
    // would run out though it was paid. YooKassa's payments need none: the payment poll reads them back.
    gatewayEvents: {
      queue: 'payment-callback',
      toCheck: (graceSeconds) =>
        outboxWorkToCheck(
          db,
          db('gateway_events').select('id', { since: 'received_at' }).whereNull('processed_at'),
          'payment-callback',
          'gatewayEventId',
          graceSeconds,
          SWEEP_BATCH,
        ),
      requeue: (gatewayEventId, lostJobId) =>
        db.transaction(async (trx) => {
          // The lock applying the event takes: it is applied or requeued, never both at once.
          const event = await trx('gateway_events').where({ id: gatewayEventId }).forUpdate().first('processed_at');
          if (!event || event.processed_at !== null) return false;
          const latest = await latestOutboxJob(trx, 'payment-callback', 'gatewayEventId', gatewayEventId);
          if ((latest?.jobId ?? null) !== lostJobId) return false;
          await enqueueJob(trx, 'payment-callback', 'apply-gateway-event', { gatewayEventId });
          return true;
        }),
    },
  };
}

/**
 * Paid orders never wait on a job Redis no longer has (docs/architecture.md, "No paid order stranded
 * by Redis"). Work still undone whose job was sent more than `graceSeconds` ago, and is neither
 * waiting, delayed nor running in BullMQ (Redis restarted empty, or the job failed out without the
 * order being flagged), gets its job queued again through the outbox: the delivery of a processing,
 * unflagged order, and a stored gateway event not applied. Jobs are idempotent, so one that turns up
 * after all does nothing twice.
 */
export async function sweepLostJobs(deps: {
  db: Db;
  queues: Record<QueueName, Queue>;
  graceSeconds: number;
  logger: Logger;
}): Promise<Record<'deliveries' | 'gatewayEvents', { checked: number; requeued: number }>> {
  const { db, queues, graceSeconds, logger } = deps;
  const work = strandableWork(db);
  const outcome = { deliveries: { checked: 0, requeued: 0 }, gatewayEvents: { checked: 0, requeued: 0 } };
  for (const kind of ['deliveries', 'gatewayEvents'] as const) {
    const { queue, toCheck, requeue } = work[kind];
    const candidates = await toCheck(graceSeconds);
    outcome[kind].checked = candidates.length;
    for (const { id, jobId } of candidates) {
      // Asked before the transaction, so no row stays locked while Redis answers.
      if (jobId !== null && (await outboxJobLive(queues[queue], { jobId, dispatched: true }))) continue;
      if (!(await requeue(id, jobId))) continue;
      outcome[kind].requeued += 1;
      logger.warn({ queue, id, lostJobId: jobId }, 'Job lost: queued again');
    }
  }
  return outcome;
}
