import { createRatesProvider, createRateUpdateService, type RateUpdateTrigger } from '@topup/api';
import { isFinalAttempt } from './attempts';
import type { ProcessorFactory } from './index';

/**
 * Refreshes the auto-update exchange rates: an admin's refresh (by its request id) or a run of the
 * daily 09:00 schedule (../schedules.ts), keyed by the date that run was due on. The job scheduler
 * stamps each run with that time (`prevMillis`), so a retry, a duplicate or a second worker sees the
 * same date and the rates change once.
 */
export const createRateUpdateProcessor: ProcessorFactory<'rate-update'> = ({ config, db, logger }) => {
  const rateUpdate = createRateUpdateService({
    db,
    rates: createRatesProvider(config),
    logger,
  });
  return async (job) => {
    const trigger: RateUpdateTrigger =
      'requestId' in job.data
        ? { kind: 'manual', requestId: job.data.requestId }
        : { kind: 'scheduled', firedAt: new Date(job.opts.prevMillis ?? job.timestamp) };
    return rateUpdate.run(trigger, { finalAttempt: isFinalAttempt(job) });
  };
};
