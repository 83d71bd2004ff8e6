import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRedis } from '@topup/api';
import type { Knex } from 'knex';
import { createTestDatabase, deleteRedisKeys, exited, freePort, injectService, testRedisPrefix } from '@topup/api/testing';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 90_000;

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
 * The whole store as the README starts it (`npm start`: migrations, demo data, API and workers) on
 * a free port, with a database and Redis prefix of its own. The web apps are built once by the
 * browser project's global setup, so this start skips the build.
 */
export async function startStore(env: Record<string, string> = {}): Promise<RunningStore> {
  const database = await createTestDatabase();
  const redisPrefix = testRedisPrefix();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: database.url,
      REDIS_URL: injectService('redisUrl'),
      REDIS_PREFIX: redisPrefix,
      SKIP_WEB_BUILD: '1',
      WORKER_PROCESSES: '1',
      LOG_LEVEL: 'warn',
      GAME_PROVIDER_LATENCY_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The store did not become ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    db: database.db,
    redisPrefix,
    output: () => output,
    async close() {
      child.kill('SIGTERM');
      await exited(child);
      const redis = createRedis(injectService('redisUrl'));
      await new Promise((resolve) => redis.once('ready', resolve));
      await deleteRedisKeys(redis, redisPrefix);
      redis.disconnect();
      await database.drop();
    },
  };
}
