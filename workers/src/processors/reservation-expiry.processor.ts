import { createReservationExpiryService, pruneIdempotencyKeys } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Releases the codes of unpaid card orders whose hold has ended (run every minute by the schedule in
 * ../schedules.ts), and drops the money calls' idempotency records past their 24 hours. Each run
 * handles whatever has lapsed by then, so a repeated run is harmless.
 */
export const createReservationExpiryProcessor: ProcessorFactory<'reservation-expiry'> = ({ db, logger, catalogueChanges }) => {
  const expiry = createReservationExpiryService({ db, logger, catalogueChanges });
  return async () => ({ ...(await expiry.expireHolds()), idempotencyKeysPruned: await pruneIdempotencyKeys(db) });
};
