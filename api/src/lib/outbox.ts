import type { JobsOptions, Queue } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import { OUTBOX_CHANNEL, type QueueName, type QueuePayloads } from '@topup/common';
import { afterCommit, outermostTransaction } from '@topup/server-kit';
import type { Logger } from '../logger';
import { currentRequestId } from './trace-context';

/** An outbox row, as the job it stands for. */
export interface OutboxJob<N extends QueueName = QueueName> {
  id: number;
  /** The BullMQ job id: random per row, so no other database (or earlier life of this one) has used it. */
  jobId: string;
  queue: N;
  jobName: string;
  payload: QueuePayloads[N];
  /** The X-Request-Id of the request that caused the job, carried into the job's data and its logs. */
  originRequestId?: string | null;
}

/** A BullMQ job's data: its queue's payload, plus the request that caused it when known. */
export type JobData<N extends QueueName = QueueName> = QueuePayloads[N] & { originRequestId?: string };

const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 86_400, count: 10_000 },
  removeOnFail: { age: 604_800 },
} satisfies JobsOptions;

/**
 * The BullMQ job of an outbox row, whoever sends it. The job id is the row's, so BullMQ ignores
 * every copy after the first: the direct dispatch and the relay may both send a row.
 */
export function bullmqJobOf(job: OutboxJob) {
  const data: JobData = job.originRequestId ? { ...job.payload, originRequestId: job.originRequestId } : job.payload;
  return { name: job.jobName, data, opts: { ...JOB_OPTIONS, jobId: job.jobId } };
}

/** A written outbox row: its id, and the id its BullMQ job has. */
export interface OutboxRow {
  id: number;
  jobId: string;
}

/** BullMQ's states of a job that will still run. */
const LIVE_JOB_STATES: ReadonlySet<string> = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

/**
 * Whether an outbox row's job will still run: the row is not yet sent (the relay will send it), or its
 * job waits, is delayed for a retry or runs. A job missing from BullMQ (Redis came back empty), failed
 * out, or completed will not. An unreachable Redis cannot say, and counts as not: the caller may queue
 * the job again, which is harmless, since every job is idempotent.
 */
export async function outboxJobLive(queue: Queue, row: { jobId: string; dispatched: boolean }): Promise<boolean> {
  if (!row.dispatched) return true;
  const state = await queue.getJobState(row.jobId).catch(() => 'unknown');
  return LIVE_JOB_STATES.has(state);
}

/** The payload fields naming the work of a job that sweeps look up: a fulfilment's order, a gateway event to apply. */
export type OutboxWorkKey = 'orderId' | 'gatewayEventId';

/** The latest outbox row of `queue` whose payload's `key` is `workId`: the job standing for that work now. */
export function latestOutboxJob(
  conn: Knex,
  queue: QueueName,
  key: OutboxWorkKey,
  workId: number,
): Promise<{ jobId: string; dispatched: boolean } | undefined> {
  return conn('outbox')
    .where({ queue })
    .whereRaw(`payload->>'${key}' = ?`, [String(workId)])
    .orderBy('id', 'desc')
    .first({ jobId: 'job_id' }, conn.raw('dispatched_at IS NOT NULL AS dispatched'));
}

/**
 * Undone work whose latest job may have been lost, for a sweep to look up in BullMQ: of the rows
 * `work` selects (`id`, and `since`, when the work became due), those whose latest outbox job of
 * `queue` (payload `key` = id) was sent more than `graceSeconds` ago, or that have none and have been
 * due that long. A job not yet sent is the relay's. Oldest first, at most `limit`.
 */
export async function outboxWorkToCheck(
  db: Knex,
  work: Knex.QueryBuilder,
  queue: QueueName,
  key: OutboxWorkKey,
  graceSeconds: number,
  limit: number,
): Promise<Array<{ id: number; jobId: string | null }>> {
  // The key is one of OutboxWorkKey, written into the SQL so that the outbox's indexes on it apply.
  const { rows } = await db.raw<{ rows: Array<{ id: number; jobId: string | null }> }>(
    `SELECT w.id, d.job_id AS "jobId"
       FROM (?) w
       LEFT JOIN LATERAL (
         SELECT job_id, dispatched_at FROM outbox
          WHERE queue = ? AND payload->>'${key}' = w.id::text
          ORDER BY id DESC LIMIT 1
       ) d ON true
      WHERE (d.job_id IS NULL OR d.dispatched_at IS NOT NULL)
        AND coalesce(d.dispatched_at, w.since) < now() - make_interval(secs => ?)
      ORDER BY w.id
      LIMIT ?`,
    [work, queue, graceSeconds, limit],
  );
  return rows;
}

/** Sends a committed outbox row's job to BullMQ; never throws (the relay is the fallback). */
export type OutboxDispatcher = (job: OutboxJob) => Promise<void>;

/** Where a database handle carries its dispatcher: its knex user params, which its transactions inherit. */
const DISPATCHER_PARAM = 'outboxDispatcher';

/**
 * The same database, whose transactions send their outbox jobs to BullMQ as soon as they commit
 * instead of leaving them to the relay. Every enqueueJob of the services built on it benefits.
 */
export function withOutboxDispatch(db: Knex, dispatcher: OutboxDispatcher): Knex {
  return db.withUserParams({ ...db.userParams, [DISPATCHER_PARAM]: dispatcher });
}

/**
 * Queues a job as part of the caller's transaction: the job exists exactly when the change that
 * needs it commits. Returns the outbox row.
 */
export async function enqueueJob<N extends QueueName>(
  trx: Knex.Transaction,
  queue: N,
  jobName: string,
  payload: QueuePayloads[N],
): Promise<OutboxRow> {
  const originRequestId = currentRequestId() ?? null;
  const [inserted] = await trx('outbox')
    .insert({ queue, job_name: jobName, payload, origin_request_id: originRequestId })
    .returning<Array<{ id: number; job_id: string }>>(['id', 'job_id']);
  if (!inserted) throw new Error('outbox insert returned no row');
  const row = { id: inserted.id, jobId: inserted.job_id };
  await dispatchAfterCommit(trx, { ...row, queue, jobName, payload, originRequestId });
  return row;
}

/**
 * Sends the job of an outbox row written on `conn` once it commits (afterCommit: outside a
 * transaction, at once), with the database's dispatcher (see withOutboxDispatch). Without one, a
 * notification delivered on commit wakes the relay instead of it finding the row at its next poll. A
 * dispatched row sends no notification: the relay would only race the dispatcher to the same job.
 */
export async function dispatchAfterCommit<N extends QueueName>(conn: Knex, job: OutboxJob<N>): Promise<void> {
  // knex hands user params down to transactions but not to savepoints.
  const params = conn.isTransaction ? outermostTransaction(conn as Knex.Transaction).userParams : conn.userParams;
  const dispatch = params[DISPATCHER_PARAM] as OutboxDispatcher | undefined;
  const traced = { ...job, originRequestId: job.originRequestId ?? currentRequestId() ?? null } as OutboxJob;
  if (dispatch) afterCommit(conn, () => dispatch(traced));
  else await conn.raw('select pg_notify(?, ?)', [OUTBOX_CHANNEL, '']);
}

/**
 * Adds a committed row's job to its queue, then marks the row dispatched so the relay leaves it.
 * When Redis is away it does nothing and the relay sends the row later; a row the relay holds at
 * that moment is left to the relay to mark. Rows whose jobs were added while a marking was under way
 * are marked together by the next one: under load, one statement for many jobs, and no wait when idle.
 */
export function createOutboxDispatcher(deps: {
  db: Knex;
  queues: Record<QueueName, Queue>;
  /** The connection the queues use: while it is not ready an add would only fail or wait. */
  connection: RedisConnection;
  logger: Logger;
}): OutboxDispatcher {
  const { db, queues, connection, logger } = deps;
  let waiting: number[] = [];
  let marking: Promise<void> = Promise.resolve();

  // One array parameter however many rows: the statement's text stays the same.
  const mark = (ids: number[]) =>
    db('outbox')
      .whereIn('id', db('outbox').select('id').whereRaw('id = any(?)', [ids]).whereNull('dispatched_at').forUpdate().skipLocked())
      .update({ dispatched_at: db.fn.now() });

  /** Resolves once `id` is marked, together with every id that came while the marking before ran. */
  function markDispatched(id: number): Promise<void> {
    waiting.push(id);
    if (waiting.length > 1) return marking;
    marking = marking.then(async () => {
      const ids = waiting;
      waiting = [];
      await mark(ids).catch((err: unknown) => logger.warn({ err, outboxIds: ids }, 'Could not mark outbox jobs sent; the relay will send them again'));
    });
    return marking;
  }

  return async (job) => {
    if (connection.status !== 'ready') return;
    try {
      const { name, data, opts } = bullmqJobOf(job);
      await queues[job.queue].add(name, data, opts);
    } catch (err) {
      logger.warn({ err, outboxId: job.id }, 'Could not send an outbox job at once; the relay will');
      return;
    }
    await markDispatched(job.id);
  };
}

/**
 * Deletes dispatched outbox rows older than `retentionDays`, in batches (so no single statement holds
 * many locks); resolves to how many. Undispatched rows are never touched, however old.
 */
export async function pruneOutbox(db: Knex, retentionDays: number, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db('outbox')
      .whereIn(
        'id',
        db('outbox')
          .select('id')
          .where('dispatched_at', '<', db.raw(`now() - make_interval(days => ?)`, [retentionDays]))
          .limit(batchSize),
      )
      .delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
