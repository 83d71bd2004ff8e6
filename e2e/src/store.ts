import { spawn, type ChildProcess } from 'node:child_process';
import { createRedis } from '@topup/api';
import type { Knex } from 'knex';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, deleteRedisKeys, exited, freePort, injectService, testRedisPrefix } from '@topup/api/testing';
import { launchBrowser, repoRoot } from './browser';

const START_TIMEOUT_MS = 90_000;

/** The processes `npm start` runs, from the bundles the browser project's global setup built. */
const PROCESSES = [
  { name: 'api', bundle: 'api/dist/server.js' },
  { name: 'workers', bundle: 'workers/dist/index.js' },
];

export interface RunningStore {
  baseUrl: string;
  /** The store's own database, to look at what the browser did. */
  db: Knex;
  /** Its Redis key prefix, to reach what it keeps there (the sandbox game's records). */
  redisPrefix: string;
  /** Everything the store printed, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

/**
 * The whole store as `npm start` runs it (the API and a workers process, in development mode with the
 * demo data) on a free port, with a database and Redis prefix of its own. The browser project's global
 * setup built the web apps and the server's bundles and seeded the demo store once; each store clones
 * that database, so a start costs two processes booting and nothing more.
 */
export async function startStore(env: Record<string, string> = {}): Promise<RunningStore> {
  const database = await createTestDatabase(inject('demoStoreDatabase'));
  const redisPrefix = testRedisPrefix();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const children: ChildProcess[] = PROCESSES.map(({ name, bundle }) => {
    const child = spawn(process.execPath, [bundle], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATABASE_URL: database.url,
        REDIS_URL: injectService('redisUrl'),
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'warn',
        GAME_PROVIDER_LATENCY_MS: '50',
        // One API process: a journey needs no more, and each more costs a boot.
        API_PROCESSES: '1',
        // At the priority of the browser driving it: on the test machine's shared cores, an API below
        // the browsers of the suites running beside it would keep a journey waiting.
        API_NICENESS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`));
    child.stderr!.on('data', (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`));
    return child;
  });
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => exited(child)));
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (children.some((child) => child.exitCode !== null)) {
      await stop();
      throw new Error(`The store exited early:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The store did not become ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    db: database.db,
    redisPrefix,
    output: () => output,
    async close() {
      await stop();
      const redis = createRedis(injectService('redisUrl'));
      await new Promise((resolve) => redis.once('ready', resolve));
      await deleteRedisKeys(redis, redisPrefix);
      redis.disconnect();
      await database.drop();
    },
  };
}

/** A test file's own store and browser: started before its tests (the object is filled in by then) and closed after them. */
export function storeAndBrowser(): { app: RunningStore; browser: Browser } {
  const running = {} as { app: RunningStore; browser: Browser };
  beforeAll(async () => {
    running.app = await startStore();
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.app?.close();
  });
  return running;
}
