import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import { Histogram, type Registry } from 'prom-client';
import { QUEUES, type QueueName, type QueuePayloads } from '@topup/common';
import {
  createCatalogueChanges,
  createDb,
  createLogger,
  createSessionDb,
  directDatabaseUrl,
  createMetricsPublisher,
  createOutboxDispatcher,
  createProcessRegistry,
  createRedis,
  loadConfig,
  METRICS_PREFIX,
  processLabel,
  productionWarnings,
  queueKeyPrefix,
  runTraced,
  withOrderChangeFeed,
  withOutboxDispatch,
  type Config,
  type JobData,
  type Logger,
  type SupplierCallHistogram,
} from '@topup/api';
import { createInvalidationBus } from '@topup/server-kit';
import { createOutboxRelay } from './outbox-relay';
import { processorFactories, type ProcessorDeps } from './processors';
import { createQueues, logConnectionHealth } from './queues';
import { schedulesFor, startSchedules } from './schedules';

export interface RunningWorkers {
  /** Stops the relay, waits for running jobs, then closes Redis and Postgres. */
  close(): Promise<void>;
}

/**
 * The workers process: the outbox relay plus one BullMQ Worker per queue that has a processor.
 * Any number of these processes can run against the same Postgres and Redis. Its metrics are
 * published to Redis under `processName` (see createMetricsPublisher) for the API's scrape; pass a logger
 * made with `traced: true` for every line logged during a job to carry its request id.
 */
export async function startWorkers(config: Config, logger: Logger, processName = processLabel('workers')): Promise<RunningWorkers> {
  const queues = createQueues(config, logger);
  const pool = createDb(config.databaseUrl, { min: 0, max: config.databasePoolMax }, { preparedStatements: config.databasePreparedStatements });
  // The relay's LISTEN lasts a session, which only Postgres itself keeps (docs/scaling.md#pgbouncer).
  const sessionDb = directDatabaseUrl(config) === config.databaseUrl ? undefined : createSessionDb(directDatabaseUrl(config));
  // Jobs the processors queue (a paid order's fulfilment, a refund) go to BullMQ as their transaction commits.
  const dispatcher = createOutboxDispatcher({ db: pool, queues: queues.byName, connection: queues.connection, logger });
  // Publish only, on a connection that fails fast: a worker's change that releases stock tells the API
  // processes' caches, and a change of an order tells its shopper's open streams.
  const publishConnection = createRedis(config.redisUrl);
  logConnectionHealth(publishConnection, logger, 'invalidations');
  const db = withOrderChangeFeed(withOutboxDispatch(pool, dispatcher), {
    redis: publishConnection,
    prefix: config.redisPrefix,
    onError: (err) => logger.warn({ err: err.message }, 'Could not publish an order change'),
  });
  const relay = createOutboxRelay({ db, listenDb: sessionDb, queues, logger: logger.child({ component: 'outbox-relay' }) });

  // Workers share one connection for their commands; BullMQ adds a blocking one per Worker.
  const workerConnection = createRedis(config.redisUrl, { forQueues: true });
  logConnectionHealth(workerConnection, logger, 'workers');
  const invalidations = createInvalidationBus({
    redis: publishConnection,
    prefix: config.redisPrefix,
    onError: (err, action) => logger.warn({ err: err.message }, `invalidation bus: ${action}`),
  });
  const registry = createProcessRegistry(processName);
  const jobDurations = jobDurationHistogram(registry);
  const deps: ProcessorDeps = {
    config,
    db,
    logger,
    redis: workerConnection,
    catalogueChanges: createCatalogueChanges(invalidations),
    supplierCalls: supplierCallHistogram(registry),
  };
  const workers = Object.values(QUEUES).flatMap((name) => {
    const worker = startWorker(name, deps, workerConnection, jobDurations);
    return worker ? [worker] : [];
  });
  const metrics = createMetricsPublisher({
    registry,
    redis: publishConnection,
    prefix: config.redisPrefix,
    process: processName,
    onError: (err) => logger.debug({ err: err.message }, 'Could not publish the metrics'),
  });

  relay.start();
  metrics.start();
  const schedules = startSchedules(queues, logger.child({ component: 'schedules' }), schedulesFor(config));
  logger.info({ queues: workers.map((worker) => worker.name), concurrency: config.workerConcurrency }, 'Workers started');

  return {
    async close() {
      schedules.stop();
      await relay.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      // A stopped process leaves no series behind; with Redis away its key expires by itself.
      await metrics.stop().catch((err: Error) => logger.debug({ err: err.message }, 'Could not remove the metrics'));
      workerConnection.disconnect();
      await invalidations.close();
      publishConnection.disconnect();
      await queues.close();
      await db.destroy();
      await sessionDb?.destroy();
    },
  };
}

function supplierCallHistogram(registry: Registry): SupplierCallHistogram {
  return new Histogram({
    name: `${METRICS_PREFIX}supplier_call_duration_seconds`,
    help: 'Calls to top-up suppliers by supplier, operation (deliver, find) and outcome (succeeded, pending, rejected, not_found, unavailable), and how long they took',
    labelNames: ['supplier', 'operation', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
}

function jobDurationHistogram(registry: Registry) {
  return new Histogram({
    name: `${METRICS_PREFIX}job_duration_seconds`,
    help: 'Jobs run by queue and outcome (completed, failed, delayed: put back to wait, as a supplier order still pending is), and how long they took',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
}

/** The fields that tie a job's log lines to it and to the request that caused it. */
const jobFields = (job: Job<JobData> | undefined) => ({ jobId: job?.id, requestId: job?.data.originRequestId });

function startWorker<N extends QueueName>(
  name: N,
  deps: ProcessorDeps,
  connection: RedisConnection,
  jobDurations: Histogram<'queue' | 'outcome'>,
): Worker | undefined {
  const createProcessor = processorFactories[name];
  if (!createProcessor) return undefined;
  const { config, logger } = deps;
  const processJob = createProcessor({ ...deps, logger: logger.child({ queue: name }) });
  // Each job runs in its trace context: the lines its processor logs carry its id and its request's
  // (with a traced logger), and the outbox rows it writes pass the request id on.
  const traced = (job: Job<QueuePayloads[N]>, token?: string) => {
    const { jobId, requestId } = jobFields(job as Job<JobData>);
    const stop = jobDurations.startTimer({ queue: name });
    return runTraced({ jobId, requestId }, () => processJob(job, token)).then(
      (result) => {
        stop({ outcome: 'completed' });
        return result;
      },
      (err: unknown) => {
        stop({ outcome: err instanceof DelayedError ? 'delayed' : 'failed' });
        throw err;
      },
    );
  };
  const worker = new Worker<QueuePayloads[N]>(name, traced, {
    connection,
    prefix: queueKeyPrefix(connection, config.redisPrefix),
    concurrency: config.workerConcurrency,
    // A job whose worker died (crash, SIGKILL) runs again after its lock expires and a check sees it.
    lockDuration: config.workerLockMs,
    stalledInterval: config.workerStalledIntervalMs,
  });
  // A child logger per job for the lines about it.
  const jobLog = (job: Job | undefined) => logger.child({ queue: name, ...jobFields(job as Job<JobData> | undefined) });
  worker.on('stalled', (jobId) => logger.warn({ queue: name, jobId }, 'Job stalled: its worker stopped before finishing it'));
  worker.on('active', (job) => jobLog(job).debug('Job started'));
  worker.on('completed', (job) => jobLog(job).debug('Job completed'));
  worker.on('failed', (job, err) => jobLog(job).warn({ err, attemptsMade: job?.attemptsMade }, 'Job failed'));
  // While Redis is away every reconnect attempt errors; the outage itself is logged once.
  worker.on('error', (err) =>
    connection.status === 'ready' ? logger.error({ err, queue: name }, 'Worker error') : logger.debug({ err, queue: name }, 'Worker error'),
  );
  return worker;
}

async function main(): Promise<void> {
  const envFile = fileURLToPath(new URL('../../.env', import.meta.url));
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  // Plain stderr lines, so no LOG_LEVEL can hide them.
  for (const warning of productionWarnings(config)) console.warn(warning);
  const logger = createLogger(config.logLevel, 'workers', { traced: true });
  const workers = await startWorkers(config, logger);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'Second signal: exiting without waiting for running jobs');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Stopping: finishing running jobs');
    workers.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
