import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { CodeCrypto } from '@topup/server-kit';
import type { Logger } from '../../logger';
import { generatedCodesDal, type GenerationStatus } from '../admin/generated-codes/generated-codes.dal';

/**
 * 32 symbols that cannot be mistaken for one another when read aloud or typed from a screen (no
 * 0/O, 1/I). 32 is a power of two, so five bits of a random byte pick one without bias.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_SYMBOLS = 16;

/** A new Free Fire code, XXXX-XXXX-XXXX-XXXX: 16 symbols of 5 random bits, 80 bits in all. */
export function newFreefireCode(): string {
  const bytes = randomBytes(CODE_SYMBOLS);
  let symbols = '';
  for (const byte of bytes) symbols += CODE_ALPHABET[byte & 31];
  return [0, 4, 8, 12].map((start) => symbols.slice(start, start + 4)).join('-');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Codes written per transaction: progress moves in these steps and a retry repeats at most one. */
const DEFAULT_BATCH_SIZE = 1000;
/** Rounds of fresh codes a batch may need to replace ones already stored, before giving up. */
const MAX_COLLISION_ROUNDS = 5;

export interface GenerationOutcome {
  requestId: string;
  /** 'unknown': the job names a request that does not exist; nothing was done. */
  status: GenerationStatus | 'unknown';
  generated: number;
  count: number;
}

/**
 * The code-generation job (docs/architecture.md, "Queues and their jobs"): fills a generation request with `count` new,
 * unique, unpublished codes of its denomination, priced as the denomination is when they are made.
 *
 * Idempotent by request id. Each batch runs in one transaction that locks the request row, inserts
 * the codes and moves `generated` on, so a retried job continues where the last one stopped, and a
 * duplicated job running at the same time takes turns with it: together they never exceed `count`.
 */
export function createCodeGenerationService(deps: { db: Knex; codeCrypto: CodeCrypto; logger: Logger; batchSize?: number }) {
  const { db, codeCrypto, logger } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;

  /** One batch: resolves to the request's state after it. */
  const generateBatch = (requestId: string) =>
    db.transaction(async (trx): Promise<GenerationOutcome> => {
      const request = await generatedCodesDal.lockRequest(trx, requestId);
      if (!request) return { requestId, status: 'unknown', generated: 0, count: 0 };
      const state = { requestId, status: request.status, generated: request.generated, count: request.count };
      if (request.status === 'completed' || request.status === 'failed') return state;
      if (request.generated >= request.count) {
        await generatedCodesDal.recordProgress(trx, requestId, request.generated, true);
        return { ...state, status: 'completed' };
      }

      const denomination = await generatedCodesDal.denomination(trx, request.denomination_id);
      const productId = await generatedCodesDal.freefireProductId(trx);
      if (!denomination || productId === undefined) {
        // Not worth retrying: only an admin can bring the product back. The request says why; the product
        // first, since the Free Fire game's offers are found through it.
        const error = productId === undefined ? 'The Free Fire product no longer exists' : 'The denomination no longer exists';
        await generatedCodesDal.fail(trx, requestId, error);
        return { ...state, status: 'failed' };
      }

      const size = Math.min(batchSize, request.count - request.generated);
      let stored = 0;
      for (let round = 0; stored < size; round += 1) {
        if (round === MAX_COLLISION_ROUNDS) throw new Error('Generated codes keep colliding with stored ones');
        const codes = Array.from({ length: size - stored }, newFreefireCode);
        const hashes = codes.map((code) => codeCrypto.hash(code));
        const inserted = await generatedCodesDal.insertCodes(trx, {
          denominationId: denomination.denomination_id,
          productId,
          requestId,
          gameAmount: denomination.game_amount,
          priceUsd: Number(denomination.price_usd),
          priceRub: Number(denomination.price_rub),
          encrypted: codes.map((code) => codeCrypto.encrypt(code)),
          hashes,
        });
        stored += inserted.size;
      }
      const generated = request.generated + size;
      const completed = generated === request.count;
      await generatedCodesDal.recordProgress(trx, requestId, generated, completed);
      return { ...state, generated, status: completed ? 'completed' : 'running' };
    });

  return {
    /**
     * Generates what the request still lacks, batch by batch. `finalAttempt`: the job has no retry
     * left, so a failure now marks the request failed instead of leaving it to the next attempt.
     */
    async generate(requestId: string, options: { finalAttempt?: boolean } = {}): Promise<GenerationOutcome> {
      if (!UUID.test(requestId)) {
        logger.warn({ requestId }, 'Code generation job for an unknown request; nothing to do');
        return { requestId, status: 'unknown', generated: 0, count: 0 };
      }
      try {
        for (;;) {
          const outcome = await generateBatch(requestId);
          if (outcome.status !== 'running') {
            if (outcome.status === 'completed') logger.info({ requestId, count: outcome.count }, 'Free Fire codes generated');
            if (outcome.status === 'unknown') logger.warn({ requestId }, 'Code generation job for an unknown request; nothing to do');
            return outcome;
          }
        }
      } catch (err) {
        const message = (err as Error).message;
        if (options.finalAttempt) await generatedCodesDal.fail(db, requestId, message);
        else await generatedCodesDal.noteError(db, requestId, message);
        throw err;
      }
    },
  };
}

export type CodeGenerationService = ReturnType<typeof createCodeGenerationService>;
