import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '@topup/api';
import { createTestDatabase, deleteRedisKeys, freePort, testRedisPrefix, type TestDatabase } from '@topup/workers/testing';
import { buildServer, NODE_ARGUMENTS, type ServerBundle } from './build-server';
import { repoRoot } from './cli';
import { setupDatabase } from './db-setup';

/** Settings a production store starts with: secrets of its own, sandbox payments and top-ups allowed as on a staging shop. */
const SAFE_PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  CODES_KEY: randomBytes(32).toString('hex'),
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ALLOW_SANDBOX_SUPPLIERS: 'true',
  PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  ADMIN_NICKNAME: 'owner',
  ADMIN_PASSWORD: 'correct horse battery',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a service's bundle as `npm start` does, with only `env` (and PATH) set, so nothing of the test
 * run's own environment (NODE_ENV=test, DATABASE_URL) leaks in.
 */
function runService(service: ServerBundle, env: Record<string, string>) {
  const child = spawn(process.execPath, [...NODE_ARGUMENTS[service]], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exited>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, exited, stderr: () => stderr };
}

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [row] = await query.count<Array<{ count: number }>>('* as count');
  return Number(row?.count);
}

/** A bundle's first start on a busy machine can take most of a minute. */
const START_TIMEOUT_MS = 60_000;

async function waitForHealth(port: number, exited: Promise<Exited>): Promise<Response> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!stopped && Date.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(stopped ? 'The API exited before answering' : `The API did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

beforeAll(async () => {
  await buildServer();
});

describe('NODE_ENV=production services, run from their bundles', () => {
  it.each([
    [
      'the API refuses a short JWT_SECRET',
      'api',
      { JWT_SECRET: 'too-short' },
      'Refusing to start in production: JWT_SECRET is shorter than 32 characters; ' +
        'set a random secret of at least 32 characters (openssl rand -hex 32)',
    ],
    [
      'the workers refuse a CODES_KEY that is not 32 bytes',
      'workers',
      { CODES_KEY: 'not-a-key' },
      'Refusing to start in production: CODES_KEY must be 32 bytes, written as 64 hex digits or in base64',
    ],
    [
      'the API refuses a port that is not a number',
      'api',
      { PORT: 'abc' },
      'Invalid configuration: PORT must be an integer between 1 and 65535, got "abc"',
    ],
    [
      'the workers refuse to start without ADMIN_PASSWORD',
      'workers',
      { ADMIN_PASSWORD: '' },
      'Refusing to start in production: ADMIN_PASSWORD is not set (production has no default admin password); ' +
        'set one of at least 12 characters',
    ],
  ] as const)('%s with one line naming it, and exit code 1', async (_case, service, unsafe: Record<string, string>, line) => {
    const { code, stdout, stderr } = await runService(service, { ...SAFE_PRODUCTION, ...unsafe }).exited;
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([line]);
  });

  describe('with safe settings', () => {
    let database: TestDatabase;
    const redisPrefix = testRedisPrefix();

    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await deleteRedisKeys(inject('redisUrl'), redisPrefix);
      await database.drop();
    });

    /** The production API against the test's database, with these settings over the safe ones. */
    const runApi = (port: number, settings: Record<string, string> = {}) =>
      runService('api', {
        ...SAFE_PRODUCTION,
        DATABASE_URL: database.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: redisPrefix,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...settings,
      });

    it('the API refuses to start while Steam, on sale, would be topped up by the sandbox, with one line naming it', { timeout: START_TIMEOUT_MS + 30_000 }, async () => {
      // Two API processes refuse, and the refusal is still said once.
      const { code, stdout, stderr } = await runApi(await freePort(), { ALLOW_SANDBOX_SUPPLIERS: 'false', API_PROCESSES: '2' }).exited;
      expect(code).toBe(1);
      expect(stdout).toBe('');
      // After the warnings every start prints (RATES_PROVIDER=sandbox here), the refusal, once.
      expect(stderr.trimEnd().split('\n').filter((line) => !line.startsWith('WARNING: '))).toEqual([
        expect.stringMatching(/^Refusing to start in production: top-ups of Steam \(steam\) would be delivered by the sandbox, which credits no game account; /),
      ]);
    });

    it('the API starts, answers /api/health and its API reference, and warns once each about the sandbox top-ups and rates', { timeout: START_TIMEOUT_MS + 30_000 }, async () => {
      const port = await freePort();
      const api = runApi(port, { API_PROCESSES: '2' });
      try {
        const response = await waitForHealth(port, api.exited);
        expect(response.status).toBe(200);
        // Which process answered is told outside production only.
        expect(response.headers.get('x-api-process')).toBeNull();
        // Files the API reads beside its sources, found from the bundle too.
        const reference = (await fetch(`http://127.0.0.1:${port}/api/openapi.json`).then((answer) => answer.json())) as { info: { version: string } };
        const apiPackage = JSON.parse(readFileSync(`${repoRoot}api/package.json`, 'utf8')) as { version: string };
        expect(reference.info.version).toBe(apiPackage.version);
        for (const file of ['/api/docs', '/api/docs/viewer.js', '/api/docs/swagger-ui-bundle.js']) {
          const answer = await fetch(`http://127.0.0.1:${port}${file}`);
          // Read to the end, so the connection is idle and shutdown need not wait for it.
          expect({ file, status: answer.status, empty: (await answer.text()) === '' }).toEqual({ file, status: 200, empty: false });
        }
        expect(api.stderr().trimEnd().split('\n')).toEqual([
          expect.stringMatching(/^WARNING: ALLOW_SANDBOX_SUPPLIERS=true in production: /),
          expect.stringMatching(/^WARNING: RATES_PROVIDER=sandbox in production: /),
        ]);
      } finally {
        api.child.kill('SIGTERM');
      }
      expect((await api.exited).code).toBe(0);
    });

    it('db setup creates the admin alone: no shopper, no money, no codes, no demo catalogue', async () => {
      const config = { ...loadConfig(SAFE_PRODUCTION), databaseUrl: database.url };
      const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      let said: string[];
      try {
        await setupDatabase(config);
        // A second run, as at every start, keeps the admin as it is.
        await setupDatabase(config);
        said = write.mock.calls.map(([line]) => String(line));
      } finally {
        write.mockRestore();
      }
      expect(said).toEqual([
        'Database migrated, admin owner created (production: no demo data)\n',
        'Database migrated, admin owner already there (production: no demo data)\n',
      ]);

      const { db } = database;
      const users = await db('users').select<Array<{ nickname: string; role: string; password_hash: string }>>(
        'nickname',
        'role',
        'password_hash',
      );
      expect(users.map(({ nickname, role }) => ({ nickname, role }))).toEqual([{ nickname: 'owner', role: 'admin' }]);
      expect(await argon2.verify(users[0]?.password_hash ?? '', SAFE_PRODUCTION.ADMIN_PASSWORD ?? '')).toBe(true);

      expect(await countOf(db('balances').whereNot('amount', 0))).toBe(0);
      expect(await countOf(db('balance_ledger'))).toBe(0);
      for (const table of ['stock_codes', 'game_denominations', 'regions', 'promotions']) {
        expect(await countOf(db(table)), table).toBe(0);
      }
      // The three games the store is built around are rows of the game model from the migrations on, with
      // nothing to sell until the owner adds denominations; no other product.
      expect(await db('products').orderBy('slug').pluck('slug')).toEqual(['freefire', 'pubg', 'steam']);
    });
  });
});
