import { createCodeGenerationService } from '@topup/api';
import { createCodeCrypto } from '@topup/server-kit';
import { isFinalAttempt } from './attempts';
import type { ProcessorFactory } from './index';

/**
 * Generates the Free Fire codes of one generation request. Idempotent by request id: a retried or
 * duplicated job continues from the request's progress and never makes more than it asked for.
 */
export const createCodeGenerationProcessor: ProcessorFactory<'code-generation'> = ({ config, db, logger }) => {
  const generation = createCodeGenerationService({
    db,
    codeCrypto: createCodeCrypto(config.codesKey),
    logger,
  });
  return async (job) => generation.generate(job.data.requestId, { finalAttempt: isFinalAttempt(job) });
};
