import type { Client as PgClient } from 'pg';
import { OUTBOX_CHANNEL, type QueueName } from '@topup/common';
import { bullmqJobOf, type Db, type Logger, type OutboxJob } from '@topup/api';
import type { JobQueues } from './queues';

const BATCH_SIZE = 100;
/** Longest a batch may wait on Redis; its rows stay locked meanwhile, so keep it short. */
const DISPATCH_TIMEOUT_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;
const LISTEN_RETRY_MS = 5_000;

export interface OutboxRelayOptions {
  db: Db;
  /** Where the relay holds its LISTEN session: Postgres itself, not a pooler in transaction mode (db when unset). */
  listenDb?: Db;
  queues: JobQueues;
  logger: Logger;
  /** How often to look for rows when no notification arrives. */
  pollMs?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Finishes the batch in flight, then stops polling and listening. */
  stop(): Promise<void>;
  /** Moves up to one batch of undispatched rows to BullMQ; resolves to how many were dispatched. */
  dispatchBatch(): Promise<number>;
}

/** knex types its client as `any`; these are the two pool calls used to hold a LISTEN connection. */
interface ConnectionPool {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<void>;
}

/**
 * The transactional outbox relay (docs/architecture.md, "Transactional outbox"): domain transactions write `outbox` rows, and
 * this loop moves them to BullMQ. The API and the workers add most jobs themselves as soon as their
 * transaction commits (withOutboxDispatch in the API package); the relay sends the rest: rows whose
 * direct add failed or never ran (Redis away, a crash), and rows of writers without a dispatcher,
 * which notify it. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of worker processes
 * can run a relay without double-dispatching or waiting on each other. The job id is the row's, so
 * BullMQ ignores a row sent twice (by the dispatcher and the relay at once, or again after a crash
 * between add and commit). When Redis is away the rows stay in Postgres with the error
 * recorded, and are sent once it is back.
 */
export function createOutboxRelay({ db, listenDb = db, queues, logger, pollMs = 250 }: OutboxRelayOptions): OutboxRelay {
  // A relay only claims rows for queues it knows, so during a rolling deploy an older process
  // leaves rows for a newer queue to the processes that have it.
  const knownQueues = Object.keys(queues.byName);
  const pool = listenDb.client as ConnectionPool;

  async function dispatchBatch(): Promise<number> {
    const outcome = await db.transaction(async (trx) => {
      const rows: OutboxJob[] = await trx('outbox')
        .select('id', { jobId: 'job_id' }, 'queue', { jobName: 'job_name' }, 'payload', { originRequestId: 'origin_request_id' })
        .whereNull('dispatched_at')
        .whereIn('queue', knownQueues)
        .orderBy('id')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked();
      if (rows.length === 0) return { dispatched: 0 };

      const ids = rows.map((row) => row.id);
      try {
        await addJobs(rows);
      } catch (error) {
        // Commit the failure note (not a rollback): the rows stay undispatched for the next try.
        await trx('outbox')
          .whereIn('id', ids)
          .update({ attempts: trx.raw('attempts + 1'), last_error: errorMessage(error).slice(0, 2000) });
        return { dispatched: 0, error };
      }
      await trx('outbox').whereIn('id', ids).update({ dispatched_at: trx.fn.now() });
      return { dispatched: rows.length };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.dispatched;
  }

  async function addJobs(rows: OutboxJob[]): Promise<void> {
    // Fail fast instead of queueing commands on a connection known to be down.
    if (queues.redisDown()) throw new Error('Redis is not reachable');
    const byQueue = new Map<QueueName, OutboxJob[]>();
    for (const row of rows) {
      const group = byQueue.get(row.queue);
      if (group) group.push(row);
      else byQueue.set(row.queue, [row]);
    }
    const adds = [...byQueue].map(([name, queueRows]) =>
      queues.byName[name].addBulk(queueRows.map(bullmqJobOf)),
    );
    await withTimeout(Promise.all(adds), DISPATCH_TIMEOUT_MS, 'Adding jobs to Redis');
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;
  let sleeper: { wakeOnNotify: boolean; finish(): void } | undefined;

  /** Sleeps `ms`; a notification cuts an idle sleep short but not a back-off, stop() cuts both. */
  function pause(ms: number, wakeOnNotify: boolean): Promise<void> {
    if (wakeOnNotify && wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        sleeper = undefined;
        resolve();
      }
      sleeper = { wakeOnNotify, finish };
    });
  }

  function onNotification() {
    wakeRequested = true;
    if (sleeper?.wakeOnNotify) sleeper.finish();
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      // Rows notified before this point are committed, so this batch sees them.
      wakeRequested = false;
      try {
        const dispatched = await dispatchBatch();
        if (failures > 0) logger.info({ failures }, 'Outbox relay recovered');
        failures = 0;
        if (dispatched > 0) logger.debug({ dispatched }, 'Dispatched outbox rows');
        if (dispatched < BATCH_SIZE) await pause(pollMs, true);
      } catch (err) {
        failures += 1;
        const retryInMs = Math.min(pollMs * 2 ** failures, MAX_BACKOFF_MS);
        logger.warn({ err, failures, retryInMs }, 'Outbox dispatch failed; the rows stay in the outbox');
        await pause(retryInMs, false);
      }
    }
  }

  // LISTEN needs one session for as long as the relay runs: a connection held out of knex's pool, on
  // Postgres itself (listenDb). It only makes the relay prompt; polling keeps working without it.
  let listener: PgClient | undefined;
  let listening: Promise<void> | undefined;
  let listenRetry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    let connection: PgClient | undefined;
    try {
      connection = await pool.acquireConnection();
      connection.on('notification', onNotification);
      connection.once('error', onListenerLost);
      await connection.query(`LISTEN ${OUTBOX_CHANNEL}`);
      listener = connection;
    } catch (err) {
      if (connection) await releaseListener(connection);
      if (!running) return;
      logger.warn({ err }, 'Cannot listen for outbox notifications; polling until it can');
      listenRetry = setTimeout(() => {
        listening = listen();
      }, LISTEN_RETRY_MS);
    }
  }

  function onListenerLost(err: Error) {
    const lost = listener;
    // An error before LISTEN succeeded is handled by listen() itself.
    if (!lost) return;
    listener = undefined;
    void releaseListener(lost);
    if (!running) return;
    logger.warn({ err }, 'Lost the outbox LISTEN connection; reconnecting');
    listenRetry = setTimeout(() => {
      listening = listen();
    }, LISTEN_RETRY_MS);
  }

  async function releaseListener(connection: PgClient): Promise<void> {
    connection.removeListener('notification', onNotification);
    connection.removeListener('error', onListenerLost);
    // knex destroys a broken connection on release; a healthy one goes back to the pool clean.
    await connection.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => undefined);
    await pool.releaseConnection(connection);
  }

  return {
    dispatchBatch,
    start() {
      if (running) return;
      running = true;
      listening = listen();
      loop = run();
    },
    async stop() {
      if (!running) return;
      running = false;
      clearTimeout(listenRetry);
      sleeper?.finish();
      await Promise.all([loop, listening]);
      if (listener) {
        const connection = listener;
        listener = undefined;
        await releaseListener(connection);
      }
    },
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  // After a timeout the caller has already recorded the failure; a late rejection is moot.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
