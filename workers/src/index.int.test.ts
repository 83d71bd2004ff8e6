import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig, type Config, createLogger } from '@topup/api';
import { startWorkers } from './index';
import { processorFactories } from './processors';
import { createTestDatabase, deleteRedisKeys, testRedisPrefix, type TestDatabase } from './testing/services';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let database: TestDatabase;
let config: Config;
const redisPrefixes: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
  for (const prefix of redisPrefixes) await deleteRedisKeys(inject('redisUrl'), prefix);
});

// Each test gets fresh queues, so no job is left over from another.
beforeEach(async () => {
  await database.db('outbox').delete();
  delete processorFactories['rate-update'];
  config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: database.url,
    redisUrl: inject('redisUrl'),
    redisPrefix: testRedisPrefix(),
  };
  redisPrefixes.push(config.redisPrefix);
});

async function insertOutboxRow(): Promise<number> {
  const [row] = await database.db('outbox')
    .insert({ queue: 'rate-update', job_name: 'refresh-rates', payload: { requestId: 'test' } })
    .returning('id');
  return row.id;
}

/** The relay polls every few hundred milliseconds; a busy machine may take seconds over one row. */
const DISPATCH_WAIT = { timeout: 15_000, interval: 50 };

async function isDispatched(id: number): Promise<boolean> {
  const row = await database.db('outbox').where({ id }).first('dispatched_at');
  return row?.dispatched_at != null;
}

describe('workers process', () => {
  it('runs the outbox relay and closes cleanly', async () => {
    const workers = await startWorkers(config, createLogger('silent', 'workers-test'));
    try {
      const id = await insertOutboxRow();
      await vi.waitFor(async () => expect(await isDispatched(id)).toBe(true), DISPATCH_WAIT);
    } finally {
      await workers.close();
    }
  });

  it('hands outbox rows to the processor registered for their queue', async () => {
    const processed: unknown[] = [];
    processorFactories['rate-update'] = () => async (job) => {
      processed.push(job.data);
    };
    const workers = await startWorkers(config, createLogger('silent', 'workers-test'));
    try {
      await insertOutboxRow();
      await vi.waitFor(() => expect(processed).toEqual([{ requestId: 'test' }]), DISPATCH_WAIT);
    } finally {
      await workers.close();
    }
  });

  it('close() waits for running jobs to finish', async () => {
    let finishJob = () => {};
    const jobStarted = new Promise<void>((started) => {
      processorFactories['rate-update'] = () => () =>
        new Promise<void>((finish) => {
          finishJob = finish;
          started();
        });
    });
    const workers = await startWorkers(config, createLogger('silent', 'workers-test'));
    await insertOutboxRow();
    await jobStarted;

    let closed = false;
    const closing = workers.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);

    finishJob();
    await closing;
    expect(closed).toBe(true);
  });

  it('stops gracefully on SIGTERM with exit code 0', { timeout: 90_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'workers/src/index.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: config.databaseUrl,
        REDIS_URL: config.redisUrl,
        REDIS_PREFIX: config.redisPrefix,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // Started through tsx, which compiles the workers first: most of a minute on a busy machine.
    await vi.waitFor(() => expect(output).toContain('Workers started'), { timeout: 60_000, interval: 100 });
    const id = await insertOutboxRow();
    await vi.waitFor(async () => expect(await isDispatched(id)).toBe(true), DISPATCH_WAIT);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
