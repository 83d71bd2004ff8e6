import { createInvalidationBus } from '@topup/server-kit';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createApp, orderFeedOf } from './app';
import { reportRefusalToPrimary, runApiPrimary } from './cluster';
import { ConfigError, loadConfig, productionWarnings, type Config } from './config';
import { sandboxSupplyProblem } from './modules/suppliers/sandbox-supply';
import { ensureSupplierRows } from './modules/suppliers/suppliers.dal';
import { createDb } from './db';
import { createLogger, type Logger } from './logger';
import { createRedis } from './redis';

export interface RunningApi {
  port: number;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

export async function startApiServer(config: Config, logger: Logger): Promise<RunningApi> {
  const db = createDb(config.databaseUrl, { min: 0, max: config.databasePoolMax }, { preparedStatements: config.databasePreparedStatements });
  const redis = createRedis(config.redisUrl);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
  const invalidations = createInvalidationBus({
    redis,
    prefix: config.redisPrefix,
    onError: (err, action) => logger.warn({ err: err.message }, `invalidation bus: ${action}`),
  });
  await ensureSupplierRows(db, config);
  const unsupplied = await sandboxSupplyProblem(db, config);
  if (unsupplied) {
    await db.destroy();
    await invalidations.close();
    redis.disconnect();
    throw new ConfigError(`Refusing to start in production: ${unsupplied}`);
  }
  const app = createApp({ config, db, redis, invalidations, logger });
  app.on('error', (err) => logger.error({ err }, 'koa error'));

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, () => resolve(listening));
    listening.once('error', reject);
  });
  // Longer than a typical proxy's idle timeout, so the proxy closes idle keep-alive sockets first.
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    port,
    async close() {
      // Stop accepting, end the open event streams (they never finish by themselves; clients
      // reconnect to another process), let in-flight requests finish, then release the pools.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      orderFeedOf(app).close();
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(forced);
      await db.destroy();
      await invalidations.close();
      redis.disconnect();
    },
  };
}

/**
 * Lowers this process's CPU priority to `niceness` (docs/architecture.md, "Processes"): on cores the
 * API shares with the workers, a burst of checkouts then waits for the deliveries of the orders
 * already paid instead of starving them. A priority set lower already (by `nice`) is kept.
 */
function yieldToTheWorkers(niceness: number, logger: Logger): void {
  try {
    if (getPriority() < niceness) setPriority(niceness);
    lowerOwnSessionGroup(niceness);
  } catch (err) {
    logger.warn({ err, niceness }, "Could not lower the API processes' CPU priority");
  }
}

/** This process's scheduler group (sched(7), "The autogroup feature"), where the kernel has them. */
const AUTOGROUP = '/proc/self/autogroup';

/**
 * Linux shares the CPU between sessions first (the scheduler's autogroups), and only then by nice
 * value among a session's processes: `npm start` runs each service in a session of its own, where the
 * nice value alone would only rank the API's processes among themselves. An API that leads its own
 * session lowers its session's group too; one sharing a session (a shell's, a container's init's)
 * leaves the group to its other processes.
 */
function lowerOwnSessionGroup(niceness: number): void {
  if (process.platform !== 'linux' || !existsSync(AUTOGROUP)) return;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // "pid (command) state ppid pgrp session ...": the command may hold spaces.
  const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  if (session !== process.pid) return;
  const current = Number(/nice (-?\d+)/.exec(readFileSync(AUTOGROUP, 'utf8'))?.[1] ?? 0);
  if (current < niceness) writeFileSync(AUTOGROUP, String(niceness));
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Plain stderr lines, so no LOG_LEVEL can hide them; once per machine, not once per API process.
  if (cluster.isPrimary) for (const warning of productionWarnings(config)) console.warn(warning);
  const logger = createLogger(config.logLevel, 'api');
  // Before any fork, which the API processes inherit it from.
  if (cluster.isPrimary) yieldToTheWorkers(config.apiNiceness, logger);
  if (cluster.isPrimary && config.apiProcesses > 1) {
    // docs/architecture.md, "Processes": the processes share the port; this one only looks after them.
    logger.info({ processes: config.apiProcesses, port: config.port }, `Starting ${config.apiProcesses} API processes`);
    runApiPrimary({ processes: config.apiProcesses, logger });
    return;
  }
  // Signals are heard from the start: a stop while the process is still starting (a deploy, or the
  // primary draining a process it has just forked) is a clean exit, as nothing is in flight yet.
  const running: { api?: Awaited<ReturnType<typeof startApiServer>> } = {};
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    if (!running.api) process.exit(0);
    running.api.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Under the primary a Ctrl+C reaches the whole process group: the primary alone decides, and passes
  // it on as SIGTERM.
  process.on('SIGINT', () => (cluster.isWorker ? undefined : stop('SIGINT')));
  const api = await startApiServer(config, logger);
  running.api = api;
  logger.info({ port: api.port }, `API listening on http://localhost:${api.port}/api`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch(async (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    // Under the primary a refusal is said once, by the primary, however many processes refuse.
    if (cluster.isWorker && err instanceof ConfigError) await reportRefusalToPrimary(message);
    else console.error(message);
    process.exit(1);
  });
}
