/** What the workers process and the scripts use of the API package. */
export { ConfigError, directDatabaseUrl, loadConfig, productionWarnings, type Config } from './config';
export { createDb, createSessionDb, type Db } from './db';
export { createLogger, type Logger } from './logger';
export { createRedis } from './redis';
export type { RedisConnection } from '@topup/server-kit';
export { createFulfilmentService } from './modules/fulfilment/fulfilment.service';
export { SupplierOrderPendingError } from './modules/fulfilment/supplier-credit';
export { sandboxSupplyProblem } from './modules/suppliers/sandbox-supply';
export {
  createGameProvider,
  createSupplierProviders,
  measureDeliveryCalls,
  SandboxGameProvider,
  type GameProvider,
  type SupplierCallHistogram,
} from './providers/game';
export { runCatalogueSync } from './modules/suppliers/supplier-catalogue';
export { READ_BALANCES_JOB, readSupplierBalances, WAITING_FOR_BALANCE } from './modules/suppliers/supplier-balances';
export { createMailTransport, deliverMail } from './modules/mail/mail-delivery';
export { createPaymentCallbackService } from './modules/payments/payment-callback.service';
export { createPaymentGateways } from './providers/payment';
export { createReservationExpiryService } from './modules/payments/reservation-expiry.service';
export { openQueue, openQueues, queueKeyPrefix } from './lib/job-queues';
export {
  bullmqJobOf,
  createOutboxDispatcher,
  dispatchAfterCommit,
  enqueueJob,
  latestOutboxJob,
  outboxJobLive,
  outboxWorkToCheck,
  pruneOutbox,
  withOutboxDispatch,
  type JobData,
  type OutboxJob,
} from './lib/outbox';
export { withOrderChangeFeed } from './modules/orders/order-feed';
export { deliveriesToCheck, lockOrder, redeliverLost } from './modules/orders/order-lifecycle';
export { runTraced, traceFields } from './lib/trace-context';
export { createMetricsPublisher, createProcessRegistry, METRICS_PREFIX, processLabel } from './lib/metrics';
export { createCodeGenerationService } from './modules/code-generation/code-generation.service';
export { createCatalogueChanges, type CatalogueChanges } from './modules/catalogue/catalogue-changes';
export { createRateUpdateService, type RateUpdateTrigger } from './modules/rates/rate-update.service';
export { createCbrRatesProvider, createRatesProvider, type RatesProvider } from './providers/rates';
export { pruneIdempotencyKeys } from './middleware/idempotency';
export { lowStockLines } from './modules/admin/stock-thresholds/low-stock.dal';
export { openApiDocumentWithoutServices } from './modules/api-docs/document-without-services';
