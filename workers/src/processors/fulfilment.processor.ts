import { createFulfilmentService, createGameProvider, createSupplierProviders } from '@topup/api';
import { createCodeCrypto } from '@topup/server-kit';
import { isFinalAttempt } from './attempts';
import type { ProcessorFactory } from './index';

/**
 * Delivers one paid order: codes, or a top-up through its supplier sources (the sandbox game provider
 * needs the workers' Redis). A supplier order still pending fails the job, so the queue's retries poll it
 * by our reference. The service is idempotent, so a retried or duplicated job is harmless. A failure of the
 * last attempt leaves the order processing, flagged for a person (who may retry it from the back office).
 */
export const createFulfilmentProcessor: ProcessorFactory<'fulfilment'> = ({ config, db, logger, redis }) => {
  const fulfilment = createFulfilmentService({
    db,
    logger,
    games: redis ? createGameProvider(config, { redis }) : undefined,
    suppliers: createSupplierProviders(config, { logger }),
    codeCrypto: createCodeCrypto(config.codesKey),
  });
  return async (job) => {
    await fulfilment.fulfilOrder(job.data.orderId, { finalAttempt: isFinalAttempt(job) });
  };
};
