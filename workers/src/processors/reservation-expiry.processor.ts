import { createReservationExpiryService, openQueues, pruneIdempotencyKeys, pruneOutbox } from '@topup/api';
import { SWEEP_DELIVERIES_JOB, sweepLostJobs } from './delivery-sweep';
import type { ProcessorFactory } from './index';

/** The hourly job of this queue that deletes dispatched outbox rows past their retention. */
export const PRUNE_OUTBOX_JOB = 'prune-outbox';

/**
 * The store's housekeeping, run by the schedules in ../schedules.ts. Every minute: releases the codes
 * of unpaid card orders whose hold has ended, and drops the money calls' idempotency records past
 * their 24 hours. Every DELIVERY_SWEEP_SECONDS (SWEEP_DELIVERIES_JOB): queues again the deliveries
 * and gateway events whose job is gone, looked up in Redis. Hourly (PRUNE_OUTBOX_JOB): deletes dispatched outbox rows
 * older than OUTBOX_RETENTION_DAYS. Each run handles whatever has lapsed by then, so a repeated run is
 * harmless.
 */
export const createReservationExpiryProcessor: ProcessorFactory<'reservation-expiry'> = ({ config, db, logger, redis, catalogueChanges }) => {
  const expiry = createReservationExpiryService({ db, logger, catalogueChanges });
  const queues = redis ? openQueues(redis, config.redisPrefix) : undefined;
  return async (job) => {
    if (job.name === PRUNE_OUTBOX_JOB) return { outboxRowsPruned: await pruneOutbox(db, config.outboxRetentionDays) };
    if (job.name === SWEEP_DELIVERIES_JOB) {
      if (!queues) throw new Error('This process has no Redis to look jobs up in');
      return sweepLostJobs({ db, queues, graceSeconds: config.deliverySweepSeconds, logger });
    }
    return { ...(await expiry.expireHolds()), idempotencyKeysPruned: await pruneIdempotencyKeys(db) };
  };
};
