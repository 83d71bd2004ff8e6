/**
 * Catalogue latency during a login flood: GET /api/products, BENCH_READERS shoppers at a time in a
 * closed loop, first alone for BENCH_SECONDS, then for as long again while BENCH_FLOOD clients send
 * wrong passwords without pause. Each flood attempt carries a nickname and an address of its own
 * (X-Forwarded-For behind one trusted hop), as a botnet's would, so the login protection never
 * blocks it and every attempt that gets past the password gate costs an argon2 check. Prints one JSON
 * line: p50 and p99 of the catalogue reads alone and under the flood, their ratios, the flood's
 * answers (401 checked, 503 shed, 429 blocked, other), two bystanders signing in to the demo
 * shopper's account one sign-in after another during the flood (one without a device cookie, one
 * with the cookie of an earlier login): how many sign-ins got in within 2 s, retrying after each
 * 503 or 429 as Retry-After says, and the p99 of those that did; and the load average.
 *
 * It starts an API process of its own (as `npm start` runs it, with the default password gate:
 * PASSWORD_HASH_CONCURRENCY = cores, PASSWORD_HASH_QUEUE = 32) on a database of its own with the
 * demo catalogue, and a Redis prefix of its own; both are removed at the end. Needs no running store.
 * Tuning: BENCH_SECONDS (10), BENCH_FLOOD (100), BENCH_READERS (5). The database is created on the
 * Postgres server of DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dropDatabase } from '@topup/migrations';
import { loadConfig } from '@topup/api/config';
import { percentile, runLoad, type LoadResult } from '../lib/load';
import { deleteRedisKeys, freePort, positiveInteger, prepareDemoDatabase, runStoreProcess, scratchDatabaseUrl, scratchStoreEnv, stopProcess, waitForHealth } from '../lib/store';

const base = loadConfig();
const durationMs = positiveInteger('BENCH_SECONDS', 10) * 1000;
const floodClients = positiveInteger('BENCH_FLOOD', 100);
const readers = positiveInteger('BENCH_READERS', 5);

interface Store {
  baseUrl: string;
  stop(): Promise<void>;
}

interface FloodAnswers {
  requests: number;
  checked401: number;
  shed503: number;
  blocked429: number;
  other: number;
}

const prepareDatabase = (databaseUrl: string) => prepareDemoDatabase(databaseUrl, base, async () => undefined);

async function startStore(): Promise<Store> {
  const databaseUrl = scratchDatabaseUrl(base.databaseUrl, 'flood');
  await prepareDatabase(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `bench-flood-${randomBytes(3).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    // Each shed request is a warning line; the figures are what this run is about.
    ...scratchStoreEnv({ port, databaseUrl, redisPrefix, logLevel: 'error' }),
    TRUST_PROXY_HOPS: '1',
  };
  const api = runStoreProcess('api/src/server.ts', env);
  const stop = async () => {
    await stopProcess(api);
    await deleteRedisKeys(base.redisUrl, redisPrefix);
    await dropDatabase(databaseUrl);
  };
  try {
    await waitForHealth(baseUrl, [api]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

function readCatalogue(baseUrl: string): Promise<LoadResult> {
  return runLoad({
    concurrency: readers,
    durationMs,
    async request() {
      const response = await fetch(`${baseUrl}/api/products`);
      await response.arrayBuffer();
      return response.ok;
    },
  });
}

/** Wrong passwords without pause until the deadline, each from a nickname and an address never used before. */
async function flood(baseUrl: string, deadline: number): Promise<FloodAnswers> {
  const answers: FloodAnswers = { requests: 0, checked401: 0, shed503: 0, blocked429: 0, other: 0 };
  const attempt = async (n: number) => {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ nickname: `flood_${n}`, password: 'wrong-password-1' }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  await Promise.all(
    Array.from({ length: floodClients }, async () => {
      while (performance.now() < deadline) {
        const status = await attempt(answers.requests++).catch(() => 0);
        if (status === 401) answers.checked401 += 1;
        else if (status === 503) answers.shed503 += 1;
        else if (status === 429) answers.blocked429 += 1;
        else answers.other += 1;
      }
    }),
  );
  return answers;
}

/** A shopper's sign-in counts as getting in when it succeeds within this. */
const SIGN_IN_WITHIN_MS = 2000;

interface Bystander {
  signIns: number;
  gotIn: number;
  successRate: number;
  /** p99 of the sign-ins that got in, retries included. */
  p99Ms: number;
}

function logIn(baseUrl: string, address: string, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ nickname: base.shopperNickname, password: base.shopperPassword }),
  });
}

/** The device cookie of a successful login of the demo shopper. */
async function deviceCookie(baseUrl: string): Promise<string> {
  const response = await logIn(baseUrl, '192.0.2.1');
  await response.arrayBuffer();
  const cookie = /(?:^|, )(device=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!response.ok || !cookie) throw new Error(`the demo shopper's login answered ${response.status} without a device cookie`);
  return cookie;
}

/** Sign-in after sign-in until the deadline, each retried as Retry-After says until it gets in or 2 s pass. */
async function bystander(baseUrl: string, address: string, deadline: number, cookie?: string): Promise<Bystander> {
  const gotInMs: number[] = [];
  let signIns = 0;
  while (performance.now() < deadline) {
    signIns += 1;
    const started = performance.now();
    const giveUp = started + SIGN_IN_WITHIN_MS;
    while (performance.now() < giveUp) {
      const response = await logIn(baseUrl, address, cookie).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.ok) {
        gotInMs.push(performance.now() - started);
        break;
      }
      const retryAfterMs = Number(response?.headers.get('retry-after') ?? 1) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(retryAfterMs, giveUp - performance.now()))));
    }
  }
  gotInMs.sort((a, b) => a - b);
  return {
    signIns,
    gotIn: gotInMs.length,
    successRate: signIns > 0 ? Math.round((gotInMs.length / signIns) * 1000) / 1000 : 0,
    p99Ms: percentile(gotInMs, 99),
  };
}

const ratio = (flooded: number, alone: number) => (alone > 0 ? Math.round((flooded / alone) * 10) / 10 : null);

async function main(): Promise<void> {
  const store = await startStore();
  try {
    // A short warm-up, so the first figures do not include compiling and connecting.
    await fetch(`${store.baseUrl}/api/products`).then((response) => response.arrayBuffer());
    const alone = await readCatalogue(store.baseUrl);
    const cookie = await deviceCookie(store.baseUrl);
    const deadline = performance.now() + durationMs;
    const [underFlood, logins, withoutDevice, knownDevice] = await Promise.all([
      readCatalogue(store.baseUrl),
      flood(store.baseUrl, deadline),
      bystander(store.baseUrl, '192.0.2.2', deadline),
      bystander(store.baseUrl, '192.0.2.3', deadline, cookie),
    ]);
    const [load1, load5, load15] = loadavg().map((value) => Math.round(value * 100) / 100);
    console.warn(
      `login-flood: catalogue p99 ${alone.p99Ms} ms alone, ${underFlood.p99Ms} ms under ${floodClients} flooding clients ` +
        `(${logins.shed503} of ${logins.requests} logins shed); a bystander got in within 2 s ` +
        `${withoutDevice.gotIn}/${withoutDevice.signIns} times without a device cookie, ${knownDevice.gotIn}/${knownDevice.signIns} with one`,
    );
    process.stdout.write(
      `${JSON.stringify({
        benchmark: 'login-flood',
        durationSeconds: durationMs / 1000,
        readers,
        floodClients,
        alone,
        underFlood,
        p50Ratio: ratio(underFlood.p50Ms, alone.p50Ms),
        p99Ratio: ratio(underFlood.p99Ms, alone.p99Ms),
        logins,
        bystander: { withoutDevice, knownDevice },
        loadAverage: { load1, load5, load15 },
      })}\n`,
    );
  } finally {
    await store.stop();
  }
}

await main();
