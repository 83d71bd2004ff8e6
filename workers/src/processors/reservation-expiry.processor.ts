import { createReservationExpiryService } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Releases the codes of unpaid card orders whose hold has ended (run every minute by the schedule in
 * ../schedules.ts). Each run handles whatever has lapsed by then, so a repeated run is harmless.
 */
export const createReservationExpiryProcessor: ProcessorFactory<'reservation-expiry'> = ({ db, logger }) => {
  const expiry = createReservationExpiryService({ db, logger });
  return async () => expiry.expireHolds();
};
