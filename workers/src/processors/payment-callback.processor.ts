import { createPaymentCallbackService } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Applies one verified gateway event: the payment is marked paid and the order sent to fulfilment
 * (or, paid too late, credited to the balance), or declined and its codes released. Idempotent by
 * event id, so a retried or duplicated job is harmless.
 */
export const createPaymentCallbackProcessor: ProcessorFactory<'payment-callback'> = ({ db, logger }) => {
  const callbacks = createPaymentCallbackService({ db, logger });
  return async (job) => ({ outcome: await callbacks.applyGatewayEvent(job.data.gatewayEventId) });
};
