import { createFulfilmentService } from '@topup/api';
import type { ProcessorFactory } from './index';

/** Delivers one paid order. The service is idempotent, so a retried or duplicated job is harmless. */
export const createFulfilmentProcessor: ProcessorFactory<'fulfilment'> = ({ db, logger }) => {
  const fulfilment = createFulfilmentService({ db, logger: logger.child({ queue: 'fulfilment' }) });
  return async (job) => {
    await fulfilment.fulfilOrder(job.data.orderId);
  };
};
