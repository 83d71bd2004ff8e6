/**
 * What a signed-in read costs: GET /api/balance, BENCH_CONNECTIONS clients in a closed loop for
 * BENCH_SECONDS, each request as one of BENCH_USERS shoppers in turn. Prints one JSON line: requests
 * per second, p50 and p99, the API process's CPU time per request and the load average.
 *
 * It starts an API process of its own (as `npm start` runs it) on a database of its own and a Redis
 * prefix of its own; both are removed at the end. Needs no running store. Tuning: BENCH_SECONDS (10),
 * BENCH_CONNECTIONS (50), BENCH_USERS (200). The database is created on the Postgres server of DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dropDatabase, ensureDatabase, migrateLatest } from '@topup/migrations';
import { loadConfig } from '@topup/api/config';
import { createDb } from '@topup/api/db';
import { createTokenService } from '@topup/api/tokens';
import { runLoad } from '../lib/load';
import { deleteRedisKeys, freePort, positiveInteger, runStoreProcess, scratchDatabaseUrl, scratchStoreEnv, stopProcess, waitForHealth } from '../lib/store';

const base = loadConfig();
const durationMs = positiveInteger('BENCH_SECONDS', 10) * 1000;
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
const userCount = positiveInteger('BENCH_USERS', 200);

/** The shoppers' tokens, signed as a login would sign them. */
async function prepareDatabase(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    const nicknames = Array.from({ length: userCount }, (_, index) => `bench_${index + 1}`);
    // No one logs in as them: a placeholder instead of a password hash.
    const users: Array<{ id: number; token_version: number }> = await db('users')
      .insert(nicknames.map((nickname) => ({ nickname, password_hash: 'no-login' })))
      .returning(['id', 'token_version']);
    const tokens = createTokenService({ secret: base.jwtSecret, ttlSeconds: 3600 });
    return users.map((user) => tokens.sign({ userId: user.id, tokenVersion: user.token_version }));
  } finally {
    await db.destroy();
  }
}

/** User and system CPU time the process has used so far, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

async function main(): Promise<void> {
  const databaseUrl = scratchDatabaseUrl(base.databaseUrl, 'signed_in_read');
  const tokens = await prepareDatabase(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `bench-read-${randomBytes(3).toString('hex')}`;
  const api = runStoreProcess('api/src/server.ts', scratchStoreEnv({ port, databaseUrl, redisPrefix, logLevel: 'error' }));
  try {
    await waitForHealth(baseUrl, [api]);
    const read = async (client: number, iteration: number) => {
      const token = tokens[(client + iteration * connections) % tokens.length]!;
      const response = await fetch(`${baseUrl}/api/balance`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return response.ok;
    };
    // A warm-up, so the figures include neither compiling nor connecting.
    await runLoad({ concurrency: connections, durationMs: 2000, request: read });
    const cpuBefore = cpuMs(api.pid!);
    const result = await runLoad({ concurrency: connections, durationMs, request: read });
    const apiCpuMsPerRequest = Math.round(((cpuMs(api.pid!) - cpuBefore) / result.requests) * 1000) / 1000;
    const [load1, load5, load15] = loadavg().map((value) => Math.round(value * 100) / 100);
    console.warn(`signed-in-read: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, API CPU ${apiCpuMsPerRequest} ms per request`);
    process.stdout.write(
      `${JSON.stringify({
        benchmark: 'signed-in-read',
        durationSeconds: durationMs / 1000,
        connections,
        users: userCount,
        ...result,
        apiCpuMsPerRequest,
        loadAverage: { load1, load5, load15 },
      })}\n`,
    );
  } finally {
    await stopProcess(api);
    await deleteRedisKeys(base.redisUrl, redisPrefix);
    await dropDatabase(databaseUrl);
  }
}

await main();
