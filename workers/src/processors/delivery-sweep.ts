import type { Queue } from 'bullmq';
import { deliveriesToCheck, lockOrder, outboxJobLive, redeliverLost, type Db, type Logger } from '@topup/api';

/** The job of the reservation-expiry queue that queues again the deliveries whose job is gone. */
export const SWEEP_DELIVERIES_JOB = 'sweep-deliveries';

/** Most orders one run looks at; the rest wait for the next run, oldest first. */
const SWEEP_BATCH = 500;

/**
 * Paid orders never wait on a job Redis no longer has (README, Architecture: "No paid order stranded by Redis").
 * A processing, unflagged order whose delivery job was sent more than `graceSeconds` ago and is
 * neither waiting, delayed nor running in `fulfilmentQueue` (Redis restarted empty, or the job failed
 * out without the order being flagged) gets its delivery queued again through the outbox. Delivery
 * is idempotent, so an order whose job turns up after all is delivered once.
 */
export async function sweepLostDeliveries(deps: {
  db: Db;
  fulfilmentQueue: Queue;
  graceSeconds: number;
  logger: Logger;
}): Promise<{ checked: number; requeued: number }> {
  const { db, fulfilmentQueue, graceSeconds, logger } = deps;
  const candidates = await deliveriesToCheck(db, graceSeconds, SWEEP_BATCH);
  let requeued = 0;
  for (const { orderId, jobId } of candidates) {
    // Asked before the transaction, so no order stays locked while Redis answers.
    if (jobId !== null && (await outboxJobLive(fulfilmentQueue, { jobId, dispatched: true }))) continue;
    const queued = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      return order ? redeliverLost(trx, order, jobId) : false;
    });
    if (!queued) continue;
    requeued += 1;
    logger.warn({ orderId, lostJobId: jobId }, 'Delivery job lost: delivery queued again');
  }
  return { checked: candidates.length, requeued };
}
