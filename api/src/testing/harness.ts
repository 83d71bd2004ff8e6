import { ensureSupplierRows } from '../modules/suppliers/suppliers.dal';
import { createInvalidationBus, deleteKeysUnder, type InvalidationBus, type RedisConnection } from '@topup/server-kit';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import knexFactory, { type Knex } from 'knex';
import { seedDemoData } from '@topup/migrations';
import type { UserRole } from '@topup/common';
import { createApp, orderFeedOf } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb } from '../db';
import { createLogger } from '../logger';
import { createRedis } from '../redis';
import { queueKeyPrefix } from '../lib/job-queues';
import { injectService, withDatabase } from '@topup/server-kit/testing';
import { hashPassword } from '../modules/auth/auth.service';
import { createTokenService } from '../modules/auth/token.service';
import { usersDal } from '../modules/users/users.dal';

let databaseCounter = 0;

function uniqueSuffix(): string {
  databaseCounter += 1;
  return `${process.pid}_${databaseCounter}_${randomBytes(2).toString('hex')}`;
}

function databaseUrl(database: string): string {
  return withDatabase(injectService('postgresServerUrl'), database);
}

export interface TestDatabase {
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of this test file's own, cloned from the run's template (or from
 * another database of the run's, such as the browser tier's seeded demo store).
 */
export async function createTestDatabase(template: string = injectService('templateDatabase')): Promise<TestDatabase> {
  const name = `topup_t_${injectService('runId')}_${uniqueSuffix()}`;
  const admin = knexFactory({ client: 'pg', connection: databaseUrl('postgres'), pool: { min: 0, max: 1 } });
  try {
    await admin.raw('create database ?? template ??', [name, template]);
  } finally {
    await admin.destroy();
  }
  const url = databaseUrl(name);
  const db = createDb(url, { min: 0, max: 20 });
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      const dropper = knexFactory({ client: 'pg', connection: databaseUrl('postgres'), pool: { min: 0, max: 1 } });
      await dropper.raw('drop database if exists ?? with (force)', [name]);
      await dropper.destroy();
    },
  };
}

/** A Redis key prefix of this test's own, and a way to remove every key under it. */
export function testRedisPrefix(): string {
  return `t:${injectService('runId')}:${uniqueSuffix()}`;
}

export async function deleteRedisKeys(redis: RedisConnection, prefix: string): Promise<void> {
  await deleteKeysUnder(redis, prefix);
  // On a cluster the queues' keys start with the prefix as a hash tag (lib/job-queues.ts).
  if (queueKeyPrefix(redis, prefix) !== prefix) await deleteKeysUnder(redis, queueKeyPrefix(redis, prefix));
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** The device cookie a successful login set (modules/auth/known-devices.ts), as a browser sends it back. */
export function deviceCookieOf(response: ApiResponse): string {
  const cookie = /(?:^|, )(device=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`No device cookie in ${response.status} ${response.headers.get('set-cookie')}`);
  return cookie;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed or oversized payloads. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestUser {
  id: number;
  nickname: string;
  password: string;
  token: string;
}

export interface TestApp {
  baseUrl: string;
  config: Config;
  db: Knex;
  redis: RedisConnection;
  invalidations: InvalidationBus;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Inserts a user straight into the database and hands out a token for it. */
  createUser(options?: { role?: UserRole; nickname?: string; password?: string }): Promise<TestUser>;
  /** Fills the store with the demo catalogue and accounts, as `npm start` does. */
  seedDemoData(): Promise<void>;
  /** Calls `listener` with every SQL statement sent through `db`, the app's and the test's own, until the returned function is called. */
  watchQueries(listener: (sql: string) => void): () => void;
  /** How many order event streams are open on this process. */
  openOrderStreams(): number;
  close(): Promise<void>;
}

/** The real Koa app on an ephemeral port, with its own database and Redis prefix. */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const redisPrefix = testRedisPrefix();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: database.url,
    redisUrl: injectService('redisUrl'),
    redisPrefix,
    ...overrides,
  };
  return serveApp(config, database.db, async (redis) => {
    if (redis.status === 'ready') await deleteRedisKeys(redis, redisPrefix);
    await database.drop();
  });
}

/**
 * Another API process of the store `app` runs, as production runs several: the same configuration,
 * database and Redis prefix (other settings may differ), with its own connections and its own memory.
 * Close it before `app`.
 */
export async function startSecondApp(app: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = { ...app.config, ...overrides };
  const db = createDb(config.databaseUrl, { min: 0, max: 20 }, { preparedStatements: config.databasePreparedStatements });
  return serveApp(config, db, () => db.destroy());
}

async function serveApp(config: Config, db: Knex, release: (redis: RedisConnection) => Promise<void>): Promise<TestApp> {
  const redis = createRedis(config.redisUrl);
  // Connected before the first request, so no limiter falls back to memory for a moment.
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  redis.on('error', () => {
    // Tests that point at an unreachable Redis expect failures; they assert on responses instead.
  });
  const tokens = createTokenService({
    secret: config.jwtSecret,
    ttlSeconds: config.jwtTtlSeconds,
    rememberTtlSeconds: config.jwtRememberTtlSeconds,
  });
  const invalidations = createInvalidationBus({ redis, prefix: config.redisPrefix, onError: () => undefined });
  // The app queries through a clone of db (withOutboxDispatch) that copies db's listeners when it is
  // made, so the one listener tests watch through is added before.
  const queries = new EventEmitter();
  db.on('query', (query: { sql: string }) => queries.emit('query', query.sql));
  await ensureSupplierRows(db, config);
  const app = createApp({ config, db, redis, invalidations, logger: createLogger(config.logLevel, 'api-test') });
  // Other processes' changes reach this one from its first request on (when Redis is there at all).
  if (redis.status === 'ready') await invalidations.ready();
  const server = app.listen(0, '127.0.0.1');
  // The test's fetch reuses idle connections. A test that keeps its event loop busy for seconds (compiling
  // a schema) would otherwise send its next request on a connection the server closed meanwhile, before
  // the close could be read: the server keeps them until close(), which ends the idle ones.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A stream stays open: its status and headers are the answer.
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, body: '' as T };
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
  }

  return {
    baseUrl,
    config,
    db,
    redis,
    invalidations,
    request,
    async createUser(options = {}) {
      const nickname = options.nickname ?? `user_${randomBytes(4).toString('hex')}`;
      const password = options.password ?? 'password123';
      const passwordHash = await hashPassword(password);
      const user = await db.transaction((trx) => usersDal.create(trx, { nickname, passwordHash }));
      if (options.role && options.role !== 'user') {
        await db('users').where({ id: user.id }).update({ role: options.role });
      }
      // Signed directly rather than through /api/login, whose rate limit would throttle a busy test.
      const token = tokens.sign({ userId: user.id, tokenVersion: user.token_version });
      return { id: user.id, nickname, password, token };
    },
    seedDemoData: () =>
      seedDemoData(db, {
        adminNickname: config.adminNickname,
        adminPassword: config.adminPassword,
        shopperNickname: config.shopperNickname,
        shopperPassword: config.shopperPassword,
        codesKey: config.codesKey,
      }),
    watchQueries(listener) {
      queries.on('query', listener);
      return () => queries.off('query', listener);
    },
    openOrderStreams: () => orderFeedOf(app).listenerCount(),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      orderFeedOf(app).close();
      await closed;
      await invalidations.close();
      await release(redis);
      redis.disconnect();
    },
  };
}
