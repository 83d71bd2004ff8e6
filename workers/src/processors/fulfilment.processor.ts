import { createFulfilmentService, createGameProvider } from '@topup/api';
import { createCodeCrypto } from '@topup/server-kit';
import { isFinalAttempt } from './attempts';
import type { ProcessorFactory } from './index';

/**
 * Delivers one paid order: codes, or a top-up through the game provider (which needs the workers'
 * Redis). The service is idempotent, so a retried or duplicated job is harmless. A failure of the last
 * attempt leaves the order processing, flagged for a person (who may retry it from the back office).
 */
export const createFulfilmentProcessor: ProcessorFactory<'fulfilment'> = ({ config, db, logger, redis }) => {
  const fulfilment = createFulfilmentService({
    db,
    logger,
    games: redis ? createGameProvider(config, { redis }) : undefined,
    codeCrypto: createCodeCrypto(config.codesKey),
  });
  return async (job) => {
    await fulfilment.fulfilOrder(job.data.orderId, { finalAttempt: isFinalAttempt(job) });
  };
};
