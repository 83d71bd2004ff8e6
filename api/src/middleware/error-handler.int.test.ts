import { createInvalidationBus } from '@topup/server-kit';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { Server } from 'node:http';
import type { RedisConnection } from '@topup/server-kit';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ensureDatabase, migrateLatest } from '@topup/migrations';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db';
import { createRedis } from '../redis';
import type { AppState } from '../types';
import { createTestDatabase, deleteRedisKeys, testRedisPrefix } from '../testing/harness';
import { errorHandler, isDatabaseUnavailable } from './error-handler';

const run = promisify(execFile);

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
  const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
    name: 'KnexTimeoutError',
  });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['every address of a host refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['the pool waiting in vain', timeout],
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['an administrator shutdown (57P01)', withCode('57P01')],
    ['a server starting up (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection failure (08006)', withCode('08006')],
  ])('recognises %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'ECONNREFUSED'],
  ])('leaves alone %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('a value Postgres refuses that a contract let through', () => {
  it.each([
    ['a CHECK (23514)', `INSERT INTO stock_thresholds (threshold) VALUES (-1)`],
    ['a number out of its column (22003)', `SELECT 2147483648::integer`],
    ['a text that is not a number (22P02)', `SELECT 'Infinity'::bigint`],
  ])('answers %s with 400 VALIDATION_FAILED, logged as a warning, not a 500', async (_, sql) => {
    const database = await createTestDatabase();
    const logged: Array<{ level: number; msg: string }> = [];
    const app = new Koa<AppState>();
    app.use(async (ctx, next) => {
      ctx.state.log = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logged.push(JSON.parse(chunk.toString()))) }));
      await next();
    });
    app.use(errorHandler());
    app.use(async () => {
      await database.db.raw(sql);
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'The request is not valid' } },
      });
      expect(logged.map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 40, msg: 'the database refused a value the contract let through' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await database.drop();
    }
  });
});

/** The bin directory of the newest Postgres installed here, if any. */
function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const [newest] = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return newest && path.join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ThrowawayCluster {
  url: string;
  /** Stops it the hard way (`pg_ctl stop -m immediate`): every connection dies at once. */
  kill(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A Postgres cluster of this test's own on a free port, so stopping it touches no shared service.
 * initdb refuses to run as root: as root, the cluster belongs to (and runs as) the postgres user.
 */
async function startThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'topup-pg-'));
  const asRoot = process.getuid?.() === 0;
  const exec = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  if (asRoot) await run('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '120', 'start']);
  const stop = () => exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/topup`,
    kill: async () => {
      await stop();
    },
    async remove() {
      await stop().catch(() => {
        // Already stopped by the test.
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const binaries = postgresBinaries();

describe.skipIf(!binaries)('with Postgres unreachable', () => {
  let cluster: ThrowawayCluster | undefined;
  let db: Db | undefined;
  let redis: RedisConnection | undefined;
  let server: Server | undefined;
  let baseUrl = '';
  const redisPrefix = testRedisPrefix();
  const logged: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster(binaries!);
    await ensureDatabase(cluster.url);
    db = createDb(cluster.url, { min: 0, max: 5 });
    await migrateLatest(db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: cluster.url, redisUrl: inject('redisUrl'), redisPrefix };
    redis = createRedis(config.redisUrl);
    await new Promise((resolve) => redis!.once('ready', resolve));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const app = createApp({
      config,
      db,
      redis,
      invalidations: createInvalidationBus({ redis, prefix: redisPrefix, onError: () => undefined }),
      logger: pino({ level: 'warn' }, sink),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    if (redis) {
      await deleteRedisKeys(redis, redisPrefix);
      redis.disconnect();
    }
    await db?.destroy();
    await cluster?.remove();
  });

  async function request(method: string, url: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }

  function expectUnavailable(response: Awaited<ReturnType<typeof request>>) {
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) }) });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }

  const login = () => request('POST', '/api/login', { nickname: 'nobody_here', password: 'wrong-password-1' });

  it('answers 503 with Retry-After, never 500, and logs warnings, not errors', async () => {
    expect((await request('GET', '/api/products')).status).toBe(200);
    expect((await login()).status).toBe(401);
    expect((await request('GET', '/api/ready')).body).toEqual({ status: 'ok' });

    await cluster!.kill();

    // Twice: the pooled connection that died, then a new one refused.
    expectUnavailable(await request('GET', '/api/products'));
    expectUnavailable(await request('GET', '/api/products'));
    expectUnavailable(await login());
    const ready = await request('GET', '/api/ready');
    expectUnavailable(ready);
    expect(ready.body.error.details).toEqual({ postgres: 'down', redis: 'up' });

    expect(logged.filter((line) => line.msg === 'database unavailable').length).toBeGreaterThanOrEqual(3);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  }, 120_000);
});
