import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, migrateLatest, seedDemoData } from '@topup/migrations';
import type { Config } from '@topup/api/config';
import { createDb, type Db } from '@topup/api/db';
import { createRedis } from '@topup/api/redis';
import { deleteKeysUnder, freePort } from '@topup/server-kit';
import { Pool } from 'undici';

export { freePort };

/** What the benchmarks share: their tuning, reaching a running store and its database, and starting a store of their own. */

/** A tuning value from the environment: a positive whole number, else `fallback`. */
export function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Fails with what to do when no store answers at `baseUrl`. */
export async function assertStoreAnswers(baseUrl: string): Promise<void> {
  const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
  if (!health?.ok) throw new Error(`No store answers at ${baseUrl}: start it with \`npm start\` (or set BENCH_URL)`);
}

/** A signed-in shopper's JSON calls to the store. */
export interface ShopperClient {
  call(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * Shoppers' calls on undici's pool of `connections` kept-alive connections: fetch's own overhead
 * (its WHATWG objects) costs the load generator CPU it shares with the store on the same cores,
 * which pgbench, the ceiling, does not spend.
 */
export function createShopperClient(baseUrl: string, connections: number): ShopperClient {
  const pool = new Pool(baseUrl, { connections });
  return {
    async call(token, method, path, body) {
      const response = await pool.request({
        method,
        path,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.body.text();
      const json = text.length > 0 && String(response.headers['content-type']).includes('json');
      return { status: response.statusCode, body: json ? (JSON.parse(text) as unknown) : text };
    },
    close: () => pool.close(),
  };
}

/**
 * Clears the dead rows checkout leaves in the tables it updates, as autovacuum does on a production
 * server (a server may run without it, as CI's does): each run starts from the same state rather
 * than from what the one before it left.
 */
export async function vacuumWhatCheckoutChurns(db: Db): Promise<void> {
  await db.raw('VACUUM (ANALYZE) stock_codes, orders, outbox, cart_items, balances');
}

/** Runs `work` with a connection pool to the store's database, checked first and closed after. */
export async function withStoreDb<T>(databaseUrl: string, maxConnections: number, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(databaseUrl, { min: 0, max: maxConnections });
  try {
    await db.raw('select 1').catch(() => {
      throw new Error(`Cannot reach the store's database at ${databaseUrl}: set BENCH_DATABASE_URL`);
    });
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Creates the database `databaseUrl` names, migrates it and seeds the demo store with `config`'s
 * accounts (a random admin password where production would need one), then runs `then` on it.
 */
export async function prepareDemoDatabase<T>(databaseUrl: string, config: Config, then: (db: Db) => Promise<T>): Promise<T> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    await seedDemoData(db, {
      adminNickname: config.adminNickname,
      adminPassword: config.adminPassword || randomBytes(16).toString('hex'),
      shopperNickname: config.shopperNickname,
      shopperPassword: config.shopperPassword,
      codesKey: config.codesKey,
    });
    return await then(db);
  } finally {
    await db.destroy();
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A database of the benchmark's own, `topup_bench_<name>_<random>`, on the Postgres server of `databaseUrl`. */
export function scratchDatabaseUrl(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/topup_bench_${name}_${randomBytes(3).toString('hex')}`;
  return url.toString();
}

/**
 * The environment of a store process that a bench starts on its own port, scratch database and Redis
 * prefix, in development mode so no production secret is needed.
 */
export function scratchStoreEnv(store: { port: number; databaseUrl: string; redisPrefix: string; logLevel: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(store.port),
    PUBLIC_URL: `http://127.0.0.1:${store.port}`,
    DATABASE_URL: store.databaseUrl,
    REDIS_PREFIX: store.redisPrefix,
    LOG_LEVEL: store.logLevel,
  };
}

/** Runs one of the store's entry points as `npm start` does, with a store's settings; its stderr is shown. */
export function runStoreProcess(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && code !== null) console.error(`${entry} exited with ${code}`);
  });
  return child;
}

/** Waits up to `timeoutMs` (a minute) for the store at `baseUrl` to answer its health check; gives up sooner if one of `processes` ended. */
export async function waitForHealth(baseUrl: string, processes: ChildProcess[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && processes.every((child) => child.exitCode === null)) {
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The store at ${baseUrl} did not start`);
}

/** Stops a process runStoreProcess started (SIGTERM) and waits for it to end. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Removes the Redis keys a store of the benchmark's own left under its prefix (counters, queues). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    // The API's connection refuses commands until it is connected.
    await new Promise((resolve) => redis.once('ready', resolve));
    await deleteKeysUnder(redis, prefix);
  } finally {
    redis.disconnect();
  }
}
