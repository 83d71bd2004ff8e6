import type { Queue } from 'bullmq';
import type { RedisConnection } from '@topup/server-kit';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { QueueName } from '@topup/common';
import { createLogger } from '../logger';
import { createRedis } from '../redis';
import { createTestDatabase, deleteRedisKeys, testRedisPrefix, type TestDatabase } from '../testing/harness';
import { openQueues } from './job-queues';
import { untilAStatementWaitsOnALock } from '../testing/lock-waits';
import { createOutboxDispatcher, enqueueJob, withOutboxDispatch } from './outbox';

let database: TestDatabase;
let listener: pg.Client;
let notifications: number;

beforeAll(async () => {
  database = await createTestDatabase();
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === 'outbox') notifications += 1;
  });
  await listener.query('LISTEN outbox');
});

afterAll(async () => {
  await listener.end();
  await database.drop();
});

/** Notifications arrive asynchronously; a short pause lets any that were sent come in. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('enqueueJob', () => {
  it('writes the outbox row and wakes the relay when the transaction commits', async () => {
    notifications = 0;
    const { id } = await database.db.transaction(async (trx) => {
      const row = await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 42 });
      await settle();
      // Postgres holds a notification back until commit.
      expect(notifications).toBe(0);
      return row;
    });
    await settle();
    expect(notifications).toBe(1);
    const row = await database.db('outbox').where({ id }).first();
    expect(row).toMatchObject({ queue: 'fulfilment', job_name: 'fulfil-order', payload: { orderId: 42 }, dispatched_at: null });
  });

  it('leaves neither row nor notification when the transaction rolls back', async () => {
    notifications = 0;
    const before = await database.db('outbox').count({ n: '*' }).first();
    await expect(
      database.db.transaction(async (trx) => {
        await enqueueJob(trx, 'rate-update', 'update-rates', { requestId: 'r-1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle();
    expect(notifications).toBe(0);
    expect(await database.db('outbox').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('enqueueJob on a database with an outbox dispatcher', () => {
  const logger = createLogger('silent', 'outbox-test');
  let redis: RedisConnection;
  let redisPrefix: string;
  let queues: Record<QueueName, Queue>;
  let db: Knex;

  beforeAll(async () => {
    redis = createRedis(inject('redisUrl'));
    redisPrefix = testRedisPrefix();
    queues = openQueues(redis, redisPrefix);
    await vi.waitFor(() => expect(redis.status).toBe('ready'), { timeout: 15_000 });
    db = withOutboxDispatch(database.db, createOutboxDispatcher({ db: database.db, queues, connection: redis, logger }));
  });

  afterAll(async () => {
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
    await deleteRedisKeys(redis, redisPrefix);
    redis.disconnect();
  });

  const dispatchedAt = async (id: number) => (await database.db('outbox').where({ id }).first('dispatched_at')).dispatched_at;

  it('adds the job to BullMQ once the transaction commits, marks the row dispatched, and wakes no relay', async () => {
    notifications = 0;
    const { id, jobId } = await db.transaction(async (trx) => {
      const row = await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 7 });
      await settle();
      expect(await queues.fulfilment.getJob(row.jobId)).toBeUndefined();
      return row;
    });

    await vi.waitFor(async () => expect(await dispatchedAt(id)).toBeInstanceOf(Date), { timeout: 15_000 });
    const job = await queues.fulfilment.getJob(jobId);
    expect(job).toMatchObject({ name: 'fulfil-order', data: { orderId: 7 } });
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
    expect(notifications).toBe(0);
  });

  it('waits for the outermost transaction: a released savepoint sends nothing yet', async () => {
    const outer = await db.transaction();
    const { jobId } = await outer.transaction((savepoint) => enqueueJob(savepoint, 'rate-update', 'refresh-rates', { requestId: 'r-2' }));
    await settle();
    expect(await queues['rate-update'].getJob(jobId)).toBeUndefined();

    await outer.commit();
    await vi.waitFor(async () => expect(await queues['rate-update'].getJob(jobId)).toBeDefined(), { timeout: 15_000 });
  });

  it('adds nothing when the transaction rolls back', async () => {
    const countsBefore = await queues.fulfilment.getJobCounts();
    let jobId = '';
    await expect(
      db.transaction(async (trx) => {
        ({ jobId } = await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 8 }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle();

    expect(await queues.fulfilment.getJob(jobId)).toBeUndefined();
    expect(await queues.fulfilment.getJobCounts()).toEqual(countsBefore);
  });

  it('marks the rows of jobs sent while a marking runs together, in one statement, once it ends', async () => {
    const dispatch = createOutboxDispatcher({ db: database.db, queues, connection: redis, logger });
    // Rows written without a dispatcher, so that this test alone sends them.
    const rows = await database.db.transaction(async (trx) => {
      const written = [];
      for (let index = 0; index < 6; index += 1) written.push(await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 100 + index }));
      return written;
    });
    const jobOf = (row: { id: number; jobId: string }, index: number) => ({
      ...row,
      queue: 'fulfilment' as const,
      jobName: 'fulfil-order',
      payload: { orderId: 100 + index },
    });
    const [first, ...rest] = rows.map(jobOf);
    // The first row's marking waits on the table's lock while the others' jobs are added.
    const holder = await database.db.transaction();
    try {
      await holder.raw('LOCK TABLE outbox IN SHARE MODE');
      const firstSent = dispatch(first!);
      await untilAStatementWaitsOnALock(database.db, 'update "outbox"%');
      const restSent = rest.map((job) => dispatch(job));
      await vi.waitFor(async () => {
        for (const job of rest) expect(await queues.fulfilment.getJob(job.jobId)).toBeDefined();
      });
      await holder.commit();
      await Promise.all([firstSent, ...restSent]);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    const marked = await database.db('outbox').whereIn('id', rows.map((row) => row.id)).orderBy('id').pluck('dispatched_at');
    expect(marked.every((at) => at instanceof Date)).toBe(true);
    const [firstAt, ...restAt] = marked.map((at: Date) => at.getTime());
    expect(new Set(restAt).size).toBe(1);
    expect(restAt[0]).toBeGreaterThan(firstAt!);
  });

  it('commits with Redis away and leaves the row to the relay', async () => {
    const unreachable = createRedis('redis://127.0.0.1:1');
    unreachable.on('error', () => undefined);
    const offlineQueues = openQueues(unreachable, redisPrefix);
    try {
      const offlineDb = withOutboxDispatch(
        database.db,
        createOutboxDispatcher({ db: database.db, queues: offlineQueues, connection: unreachable, logger }),
      );
      const { id, jobId } = await offlineDb.transaction((trx) => enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: 9 }));
      await settle();

      expect(await dispatchedAt(id)).toBeNull();
      expect(await queues.fulfilment.getJob(jobId)).toBeUndefined();
    } finally {
      await Promise.all(Object.values(offlineQueues).map((queue) => queue.close()));
      unreachable.disconnect();
    }
  });
});
