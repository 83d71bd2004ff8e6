import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES, type QueueName, type QueuePayloads } from '@topup/common';
import {
  createCatalogueChanges,
  createDb,
  createLogger,
  createOutboxDispatcher,
  createRedis,
  loadConfig,
  productionWarnings,
  withOutboxDispatch,
  type Config,
  type Logger,
} from '@topup/api';
import { createInvalidationBus } from '@topup/server-kit';
import { createOutboxRelay } from './outbox-relay';
import { processorFactories, type ProcessorDeps } from './processors';
import { createQueues, logConnectionHealth } from './queues';
import { startSchedules } from './schedules';

export interface RunningWorkers {
  /** Stops the relay, waits for running jobs, then closes Redis and Postgres. */
  close(): Promise<void>;
}

/**
 * The workers process: the outbox relay plus one BullMQ Worker per queue that has a processor.
 * Any number of these processes can run against the same Postgres and Redis.
 */
export async function startWorkers(config: Config, logger: Logger): Promise<RunningWorkers> {
  const queues = createQueues(config, logger);
  const pool = createDb(config.databaseUrl, { min: 0, max: config.databasePoolMax });
  // Jobs the processors queue (a paid order's fulfilment, a refund) go to BullMQ as their transaction commits.
  const dispatcher = createOutboxDispatcher({ db: pool, queues: queues.byName, connection: queues.connection, logger });
  const db = withOutboxDispatch(pool, dispatcher);
  const relay = createOutboxRelay({ db, queues, logger: logger.child({ component: 'outbox-relay' }) });

  // Workers share one connection for their commands; BullMQ adds a blocking one per Worker.
  const workerConnection = createRedis(config.redisUrl, { forQueues: true });
  logConnectionHealth(workerConnection, logger, 'workers');
  // Publish only, on a connection that fails fast: a worker's change that releases stock tells the API processes' caches.
  const publishConnection = createRedis(config.redisUrl);
  logConnectionHealth(publishConnection, logger, 'invalidations');
  const invalidations = createInvalidationBus({
    redis: publishConnection,
    prefix: config.redisPrefix,
    onError: (err, action) => logger.warn({ err: err.message }, `invalidation bus: ${action}`),
  });
  const deps: ProcessorDeps = { config, db, logger, redis: workerConnection, catalogueChanges: createCatalogueChanges(invalidations) };
  const workers = Object.values(QUEUES).flatMap((name) => {
    const worker = startWorker(name, deps, workerConnection);
    return worker ? [worker] : [];
  });

  relay.start();
  const schedules = startSchedules(queues, logger.child({ component: 'schedules' }));
  logger.info({ queues: workers.map((worker) => worker.name), concurrency: config.workerConcurrency }, 'Workers started');

  return {
    async close() {
      schedules.stop();
      await relay.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      workerConnection.disconnect();
      await invalidations.close();
      publishConnection.disconnect();
      await queues.close();
      await db.destroy();
    },
  };
}

function startWorker<N extends QueueName>(name: N, deps: ProcessorDeps, connection: Redis): Worker | undefined {
  const createProcessor = processorFactories[name];
  if (!createProcessor) return undefined;
  const { config, logger } = deps;
  const worker = new Worker<QueuePayloads[N]>(name, createProcessor({ ...deps, logger: logger.child({ queue: name }) }), {
    connection,
    prefix: config.redisPrefix,
    concurrency: config.workerConcurrency,
    // A job whose worker died (crash, SIGKILL) runs again after its lock expires and a check sees it.
    lockDuration: config.workerLockMs,
    stalledInterval: config.workerStalledIntervalMs,
  });
  worker.on('stalled', (jobId) => logger.warn({ queue: name, jobId }, 'Job stalled: its worker stopped before finishing it'));
  worker.on('completed', (job) => logger.debug({ queue: name, jobId: job.id }, 'Job completed'));
  worker.on('failed', (job, err) =>
    logger.warn({ err, queue: name, jobId: job?.id, attemptsMade: job?.attemptsMade }, 'Job failed'),
  );
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
  const logger = createLogger(config.logLevel, 'workers');
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
