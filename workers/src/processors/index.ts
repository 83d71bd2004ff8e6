import type { Job } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import type { QueueName, QueuePayloads } from '@topup/common';
import { createCodeGenerationProcessor } from './code-generation.processor';
import { createFulfilmentProcessor } from './fulfilment.processor';
import { createMailProcessor } from './mail.processor';
import { createPaymentCallbackProcessor } from './payment-callback.processor';
import { createRateUpdateProcessor } from './rate-update.processor';
import { createReservationExpiryProcessor } from './reservation-expiry.processor';
import { createSupplierCatalogueProcessor } from './supplier-catalogue.processor';
import type { CatalogueChanges, Config, Db, Logger, SupplierCallHistogram } from '@topup/api';

/** What a processor may use; follow-up work goes through the outbox like everywhere else. */
export interface ProcessorDeps {
  config: Config;
  db: Db;
  /** Already bound to the processor's queue. */
  logger: Logger;
  /** The workers' shared Redis connection (the sandbox game provider keeps its records there). */
  redis?: RedisConnection;
  /** Publishes what a job changed of the shop's catalogue (stock going back on sale) to the API processes. */
  catalogueChanges: CatalogueChanges;
  /** Where calls to suppliers are timed (the process's metrics); a processor run alone in a test has none. */
  supplierCalls?: SupplierCallHistogram;
}

/**
 * Handles one job of queue N; must be idempotent (a job can run more than once). `token` is the worker's
 * lock on the job, for a processor that puts its job back to wait (Job.moveToDelayed).
 */
export type QueueProcessor<N extends QueueName> = (job: Job<QueuePayloads[N]>, token?: string) => Promise<unknown>;

export type ProcessorFactory<N extends QueueName> = (deps: ProcessorDeps) => QueueProcessor<N>;

/**
 * The queues this process consumes: one entry per `<queue>.processor.ts`, e.g.
 * `fulfilment: createFulfilmentProcessor,`. A queue without an entry is only produced to.
 */
export const processorFactories: { [N in QueueName]?: ProcessorFactory<N> } = {
  fulfilment: createFulfilmentProcessor,
  'payment-callback': createPaymentCallbackProcessor,
  'reservation-expiry': createReservationExpiryProcessor,
  'code-generation': createCodeGenerationProcessor,
  'rate-update': createRateUpdateProcessor,
  'supplier-catalogue': createSupplierCatalogueProcessor,
  mail: createMailProcessor,
};
