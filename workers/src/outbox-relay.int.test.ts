import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createDb, createLogger } from '@topup/api';
import { OUTBOX_CHANNEL } from '@topup/common';
import { createOutboxRelay } from './outbox-relay';
import { createQueues, type JobQueues } from './queues';
import {
  createTestDatabase,
  deleteRedisKeys,
  freePort,
  testRedisPrefix,
  type TestDatabase,
} from './testing/services';

const logger = createLogger('silent', 'outbox-relay-test');

interface OutboxState {
  id: number;
  dispatched_at: Date | null;
  attempts: number;
  last_error: string | null;
}

let database: TestDatabase;
let redisPrefix: string;
let queues: JobQueues;

beforeAll(async () => {
  database = await createTestDatabase();
  redisPrefix = testRedisPrefix();
  queues = createQueues({ redisUrl: inject('redisUrl'), redisPrefix }, logger);
  await waitUntilConnected(queues);
});

afterAll(async () => {
  await queues?.close();
  await database?.drop();
  if (redisPrefix) await deleteRedisKeys(inject('redisUrl'), redisPrefix);
});

beforeEach(async () => {
  await database.db('outbox').delete();
});

async function insertRows(count: number, queue = 'fulfilment'): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    queue,
    job_name: 'fulfil-order',
    payload: { orderId: index + 1 },
  }));
  const inserted: { id: number }[] = await database.db('outbox').insert(rows).returning('id');
  return inserted.map((row) => row.id);
}

/** The BullMQ job id of outbox row `id`. */
async function jobIdOf(id: number | undefined): Promise<string> {
  return (await database.db('outbox').where({ id }).first('job_id')).job_id;
}

function outboxState(): Promise<OutboxState[]> {
  return database.db('outbox').select('id', 'dispatched_at', 'attempts', 'last_error').orderBy('id');
}

const LISTEN_SESSION = `datname = current_database() AND query = 'LISTEN ${OUTBOX_CHANNEL}' AND pid <> pg_backend_pid()`;

async function listenSessions(): Promise<number> {
  const { rows } = await database.db.raw(`SELECT count(*) AS sessions FROM pg_stat_activity WHERE ${LISTEN_SESSION}`);
  return Number(rows[0].sessions);
}

async function drain(relay: { dispatchBatch(): Promise<number> }): Promise<number> {
  let total = 0;
  for (let dispatched = await relay.dispatchBatch(); dispatched > 0; dispatched = await relay.dispatchBatch()) {
    total += dispatched;
  }
  return total;
}

describe('outbox relay', () => {
  it('dispatches each row once, as the job id of the row, with retries and retention', async () => {
    const ids = await insertRows(3);
    const relay = createOutboxRelay({ db: database.db, queues, logger });

    expect(await relay.dispatchBatch()).toBe(3);
    expect(await relay.dispatchBatch()).toBe(0);

    for (const row of await outboxState()) expect(row.dispatched_at).toBeInstanceOf(Date);
    const jobs = await Promise.all(ids.map(async (id) => queues.byName.fulfilment.getJob(await jobIdOf(id))));
    expect(jobs.map((job) => job?.data)).toEqual([{ orderId: 1 }, { orderId: 2 }, { orderId: 3 }]);
    expect(jobs[0]?.name).toBe('fulfil-order');
    expect(jobs[0]?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 86_400, count: 10_000 },
      removeOnFail: { age: 604_800 },
    });
  });

  it('sends each row to the queue it names', async () => {
    const [rateUpdateId] = await insertRows(1, 'rate-update');
    const relay = createOutboxRelay({ db: database.db, queues, logger });

    expect(await relay.dispatchBatch()).toBe(1);

    expect(await queues.byName['rate-update'].getJob(await jobIdOf(rateUpdateId))).toBeDefined();
    expect(await queues.byName.fulfilment.getJob(await jobIdOf(rateUpdateId))).toBeUndefined();
  });

  it('re-sending a row (a crash between add and commit) does not create a second job', async () => {
    const [id] = await insertRows(1);
    const relay = createOutboxRelay({ db: database.db, queues, logger });
    await relay.dispatchBatch();
    const countsBefore = await queues.byName.fulfilment.getJobCounts();

    await database.db('outbox').where({ id }).update({ dispatched_at: null });
    expect(await relay.dispatchBatch()).toBe(1);

    expect(await queues.byName.fulfilment.getJobCounts()).toEqual(countsBefore);
  });

  it('skips rows another relay holds instead of waiting for them', async () => {
    await insertRows(150);
    const relay = createOutboxRelay({ db: database.db, queues, logger });
    const holder = await database.db.transaction();
    try {
      const held: { id: number }[] = await holder('outbox').select('id').orderBy('id').limit(100).forUpdate();

      expect(await drain(relay)).toBe(50);

      const pending = (await outboxState()).filter((row) => row.dispatched_at === null).map((row) => row.id);
      expect(pending).toEqual(held.map((row) => row.id));
    } finally {
      await holder.commit();
    }
    expect(await drain(relay)).toBe(100);
  });

  it('two relays running at once dispatch every row exactly once', async () => {
    await insertRows(1000);
    const otherDb = createDb(database.url);
    try {
      const relays = [
        createOutboxRelay({ db: database.db, queues, logger }),
        createOutboxRelay({ db: otherDb, queues, logger }),
      ];

      const totals = await Promise.all(relays.map(drain));

      // Each relay reports only rows it dispatched itself: a row sent by both would push the sum past 1000.
      expect(totals[0]! + totals[1]!).toBe(1000);
      expect((await outboxState()).every((row) => row.dispatched_at !== null)).toBe(true);
    } finally {
      await otherDb.destroy();
    }
  });

  it('wakes on NOTIFY outbox instead of waiting for the next poll', async () => {
    const relay = createOutboxRelay({ db: database.db, queues, logger, pollMs: 60_000 });
    relay.start();
    try {
      await vi.waitFor(async () => expect(await listenSessions()).toBe(1), { timeout: 15_000 });
      const [id] = await insertRows(1);
      await database.db.raw(`NOTIFY ${OUTBOX_CHANNEL}`);

      await vi.waitFor(async () => expect((await outboxState())[0]?.dispatched_at).toBeInstanceOf(Date), {
        timeout: 2000,
      });
      expect(await queues.byName.fulfilment.getJob(await jobIdOf(id))).toBeDefined();
    } finally {
      await relay.stop();
    }
    expect(await listenSessions()).toBe(0);
  });

  it('keeps polling when its LISTEN connection drops, and listens again', async () => {
    const relay = createOutboxRelay({ db: database.db, queues, logger, pollMs: 50 });
    relay.start();
    try {
      await vi.waitFor(async () => expect(await listenSessions()).toBe(1), { timeout: 15_000 });
      await database.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${LISTEN_SESSION}`);

      await insertRows(1);
      await vi.waitFor(async () => expect((await outboxState())[0]?.dispatched_at).toBeInstanceOf(Date), { timeout: 15_000 });
      await vi.waitFor(async () => expect(await listenSessions()).toBe(1), { timeout: 10_000, interval: 200 });
    } finally {
      await relay.stop();
    }
  });
});

describe('outbox relay when Redis is away', () => {
  let port: number;
  let redisServer: ChildProcess | undefined;
  let ownQueues: JobQueues;

  beforeEach(async () => {
    port = await freePort();
    ownQueues = createQueues({ redisUrl: `redis://127.0.0.1:${port}`, redisPrefix }, logger);
  });

  afterEach(async () => {
    await ownQueues.close();
    await stopRedis();
  });

  async function startRedis(): Promise<void> {
    // A Redis of this test's own: the machine's shared one is never stopped.
    redisServer = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
      { stdio: 'ignore' },
    );
    await waitUntilConnected(ownQueues);
  }

  async function stopRedis(): Promise<void> {
    const server = redisServer;
    redisServer = undefined;
    if (!server || server.exitCode !== null) return;
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGKILL');
    });
  }

  it('keeps the rows with the error noted, and sends them once Redis is reachable', async () => {
    await insertRows(2);
    const relay = createOutboxRelay({ db: database.db, queues: ownQueues, logger });
    await vi.waitFor(() => expect(ownQueues.redisDown()).toBe(true), { timeout: 15_000 });

    await expect(relay.dispatchBatch()).rejects.toThrow('Redis is not reachable');
    await expect(relay.dispatchBatch()).rejects.toThrow();
    for (const row of await outboxState()) {
      expect(row).toMatchObject({ dispatched_at: null, attempts: 2, last_error: 'Redis is not reachable' });
    }

    await startRedis();
    expect(await relay.dispatchBatch()).toBe(2);
    const rows = await outboxState();
    for (const row of rows) {
      expect(row.dispatched_at).toBeInstanceOf(Date);
      expect(await ownQueues.byName.fulfilment.getJob(await jobIdOf(row.id))).toBeDefined();
    }
  });

  it('loses nothing when Redis dies while the relay runs', async () => {
    await startRedis();
    const relay = createOutboxRelay({ db: database.db, queues: ownQueues, logger });
    await insertRows(1);
    expect(await relay.dispatchBatch()).toBe(1);

    await stopRedis();
    await vi.waitFor(() => expect(ownQueues.redisDown()).toBe(true), { timeout: 15_000 });
    const [id] = await insertRows(1);
    await expect(relay.dispatchBatch()).rejects.toThrow();
    expect((await outboxState()).find((row) => row.id === id)).toMatchObject({ dispatched_at: null, attempts: 1 });

    await startRedis();
    expect(await relay.dispatchBatch()).toBe(1);
    expect(await ownQueues.byName.fulfilment.getJob(await jobIdOf(id))).toBeDefined();
  });

  it('gives up on a Redis that stops answering after a timeout, and re-sends without duplicates', async () => {
    await startRedis();
    const relay = createOutboxRelay({ db: database.db, queues: ownQueues, logger });
    const [id] = await insertRows(1);
    const admin = new Redis(port, '127.0.0.1');
    try {
      // Connected but not answering writes: the add hangs until the timeout.
      await admin.client('PAUSE', 7000, 'WRITE');
      await expect(relay.dispatchBatch()).rejects.toThrow('timed out');
      expect((await outboxState())[0]).toMatchObject({ dispatched_at: null, attempts: 1 });

      await admin.client('UNPAUSE');
      expect(await relay.dispatchBatch()).toBe(1);
      expect(await ownQueues.byName.fulfilment.getJob(await jobIdOf(id))).toBeDefined();
      expect(await ownQueues.byName.fulfilment.count()).toBe(1);
    } finally {
      admin.disconnect();
    }
  });
});

function waitUntilConnected(jobQueues: JobQueues): Promise<void> {
  return vi.waitFor(() => expect(jobQueues.connection.status).toBe('ready'), { timeout: 10_000, interval: 50 });
}
