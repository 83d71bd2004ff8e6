/**
 * Scaling on one machine (docs/scaling.md): the store started with 1, then 2 API processes sharing one
 * port (API_PROCESSES, node:cluster) and as many workers processes, first on Postgres directly, then
 * through a PgBouncer of its own in transaction pooling mode (DATABASE_URL through it,
 * DATABASE_DIRECT_URL to Postgres, so statement names off). For each: the catalogue list's requests
 * per second (GET /api/products, BENCH_CONCURRENCY clients in a closed loop for BENCH_SECONDS), and
 * balance checkouts per second (BENCH_SHOPPERS shoppers at once, BENCH_ROUNDS orders each: add to
 * cart, pay from the balance) with how fast the workers then delivered them (orders per second from
 * the first paid to the last completed, as the orders record them). Prints one JSON line: the figures
 * of each run, `ratio` (2 processes / 1) for each figure, direct and through PgBouncer, and the load
 * average and cores.
 *
 * It needs no running store: it makes a database of its own with the demo catalogue (dropped at the
 * end), a Redis prefix of its own (removed), and a product with a code per order for each run. The
 * shoppers are accounts it inserts, their tokens signed with JWT_SECRET. PgBouncer is Debian's
 * (`apt-get install pgbouncer`).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { dropDatabase } from '@topup/migrations';
import { hashPassword } from '@topup/api/auth';
import { loadConfig } from '@topup/api/config';
import { createDb, type Db } from '@topup/api/db';
import { createTokenService } from '@topup/api/tokens';
import { changeBalance, createCodeCrypto, startPgbouncer } from '@topup/server-kit';
import { Pool } from 'undici';
import { percentile, runLoad } from '../lib/load';
import {
  createShopperClient,
  deleteRedisKeys,
  freePort,
  positiveInteger,
  prepareDemoDatabase,
  runStoreProcess,
  scratchDatabaseUrl,
  scratchStoreEnv,
  stopProcess,
  vacuumWhatCheckoutChurns,
  waitForHealth,
} from '../lib/store';

const base = loadConfig();
const concurrency = positiveInteger('BENCH_CONCURRENCY', 32);
const seconds = positiveInteger('BENCH_SECONDS', 5);
const shoppers = positiveInteger('BENCH_SHOPPERS', 30);
const rounds = positiveInteger('BENCH_ROUNDS', 5);
const deliveryTimeoutMs = 120_000;

/** One code of a run's product, minor units; the cart speaks decimals. */
const PRICE = { usd: 100, rub: 7900 };

interface Shopper {
  id: number;
  token: string;
}

interface RunFigures {
  apiProcesses: number;
  workerProcesses: number;
  catalogue: { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; generatorCpuPercent: number };
  checkout: { checkoutsPerSecond: number; p50Ms: number; p99Ms: number; errors: number };
  delivery: { ordersPerSecond: number; completed: number };
}

/** The demo store in a database of the bench's own, and the shoppers it inserts there. */
function prepareDatabase(databaseUrl: string): Promise<Shopper[]> {
  return prepareDemoDatabase(databaseUrl, base, async (db) => {
    // Accounts nobody can log in as: the password is thrown away, the tokens are signed here.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    const users: Array<{ id: number; token_version: number }> = await db('users')
      .insert(Array.from({ length: shoppers }, (_, index) => ({ nickname: `bench:${index + 1}`, password_hash: passwordHash })))
      .returning(['id', 'token_version']);
    await db.raw(
      `INSERT INTO balances (user_id, currency) SELECT id, c FROM unnest(?::int[]) AS id, unnest(ARRAY['usd', 'rub']) AS c ON CONFLICT DO NOTHING`,
      [users.map((user) => user.id)],
    );
    const tokens = createTokenService({ secret: base.jwtSecret, ttlSeconds: 3600 });
    return Promise.all(users.map(async (user) => ({ id: user.id, token: await tokens.sign({ userId: user.id, tokenVersion: user.token_version }) })));
  });
}

/** A product of the run's own with a code per order it will place, and each shopper's balance for them. */
async function stockRun(db: Db, run: string, ids: number[]): Promise<number> {
  const [product] = await db('products')
    .insert({ slug: `bench-scale-${run}`, title: 'Scale benchmark card', category: 'gift_card', game_currency: 'USD', sort_order: 1_000_000 })
    .returning<Array<{ id: number }>>('id');
  if (!product) throw new Error('products insert returned no row');
  const crypto = createCodeCrypto(base.codesKey);
  const codes = Array.from({ length: shoppers * rounds }, (_, index) => {
    const code = `SCALE-${run}-${index}-${randomBytes(4).toString('hex')}`.toUpperCase();
    return { source: 'manual', product_id: product.id, code_encrypted: crypto.encrypt(code), code_hash: crypto.hash(code), game_amount: 1, price_usd: PRICE.usd, price_rub: PRICE.rub };
  });
  await db.batchInsert('stock_codes', codes, 1000);
  for (const userId of ids) {
    await db.transaction((trx) =>
      changeBalance(trx, { userId, currency: 'usd', amount: PRICE.usd * rounds, reason: 'admin_adjustment', reference: `bench:${run}:${userId}`, note: 'scale benchmark' }),
    );
  }
  return product.id;
}

async function measureCatalogue(baseUrl: string): Promise<RunFigures['catalogue']> {
  // undici's pool, as the catalogue bench: fetch's own overhead would make the load generator the limit.
  const pool = new Pool(baseUrl, { connections: concurrency });
  const headers = { accept: 'application/json', 'accept-encoding': 'br', 'accept-language': 'ru' };
  const request = async () => {
    const response = await pool.request({ path: '/api/products', method: 'GET', headers });
    await response.body.arrayBuffer();
    return response.statusCode === 200;
  };
  try {
    // Unrecorded: every process has its answers built and its connections open.
    await runLoad({ concurrency, durationMs: 1000, request });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { requestsPerSecond, p50Ms, p99Ms, errors } = await runLoad({ concurrency, durationMs: seconds * 1000, request });
    const cpu = process.cpuUsage(cpuBefore);
    // The load generator's CPU time in % of one core: near 100, it is the limit, not the store.
    const generatorCpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - started)) * 100);
    return { requestsPerSecond, p50Ms, p99Ms, errors, generatorCpuPercent };
  } finally {
    await pool.close();
  }
}

async function measureCheckout(baseUrl: string, db: Db, team: Shopper[], productId: number): Promise<Pick<RunFigures, 'checkout' | 'delivery'>> {
  const latencies: number[] = [];
  let errors = 0;
  const client = createShopperClient(baseUrl, team.length);
  const started = performance.now();
  try {
    await Promise.all(
      team.map(async (shopper) => {
        for (let round = 0; round < rounds; round += 1) {
          const added = await client.call(shopper.token, 'POST', '/api/cart/add', { productId, gameAmount: 1, priceUsd: PRICE.usd / 100, priceRub: PRICE.rub / 100, quantity: 1 });
          const sent = performance.now();
          const paid = added.status === 200 ? (await client.call(shopper.token, 'POST', '/api/payment/from-balance', { currency: 'usd' })).status : added.status;
          if (paid === 201) latencies.push(performance.now() - sent);
          else errors += 1;
        }
      }),
    );
  } finally {
    await client.close();
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const orders = () => db('orders').whereIn('id', db('order_items').where({ product_id: productId }).select('order_id'));
  const deadline = Date.now() + deliveryTimeoutMs;
  while (Date.now() < deadline && Number((await orders().whereIn('status', ['pending', 'processing']).count<{ count: number }[]>('* as count'))[0]?.count) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const [span] = await orders()
    .where({ status: 'completed' })
    .select(db.raw('count(*)::int AS completed, extract(epoch from max(completed_at) - min(paid_at)) AS seconds'));
  const completed = Number(span?.completed ?? 0);
  return {
    checkout: { checkoutsPerSecond: Math.round((latencies.length / elapsedSeconds) * 10) / 10, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), errors },
    delivery: { ordersPerSecond: Number(span?.seconds) > 0 ? Math.round((completed / Number(span?.seconds)) * 10) / 10 : 0, completed },
  };
}

/** Waits until `count` API processes answer (each names itself in X-Api-Process outside production). */
async function waitForApiProcesses(baseUrl: string, count: number): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + 180_000;
  while (seen.size < count) {
    if (Date.now() > deadline) throw new Error(`Only ${seen.size} of ${count} API processes answered at ${baseUrl}`);
    const response = await fetch(`${baseUrl}/api/health`, { headers: { connection: 'close' } }).catch(() => undefined);
    const process = response?.headers.get('x-api-process');
    if (process) seen.add(process);
    if (seen.size < count) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the store with `processes` API and workers processes on `databaseUrl` (and `directUrl` behind PgBouncer), measures it, stops it. */
async function measureStore(
  processes: number,
  database: { url: string; directUrl?: string; db: Db },
  team: Shopper[],
  redisPrefix: string,
): Promise<RunFigures> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...scratchStoreEnv({ port, databaseUrl: database.url, redisPrefix, logLevel: 'error' }),
    API_PROCESSES: String(processes),
    ...(database.directUrl ? { DATABASE_DIRECT_URL: database.directUrl } : {}),
    GAME_PROVIDER_LATENCY_MS: '0',
  };
  const children = [runStoreProcess('api/src/server.ts', env), ...Array.from({ length: processes }, () => runStoreProcess('workers/src/index.ts', env))];
  try {
    // Each process compiles the TypeScript as it starts: several at once on a busy machine take a while.
    await waitForHealth(baseUrl, children, 180_000);
    await waitForApiProcesses(baseUrl, processes);
    const catalogue = await measureCatalogue(baseUrl);
    const productId = await stockRun(database.db, randomBytes(3).toString('hex'), team.map((shopper) => shopper.id));
    await vacuumWhatCheckoutChurns(database.db);
    return { apiProcesses: processes, workerProcesses: processes, catalogue, ...(await measureCheckout(baseUrl, database.db, team, productId)) };
  } finally {
    await Promise.all(children.map(stopProcess));
  }
}

const ratio = (two: number, one: number) => (one > 0 ? Math.round((two / one) * 100) / 100 : null);

function ratios(one: RunFigures, two: RunFigures) {
  return {
    catalogue: ratio(two.catalogue.requestsPerSecond, one.catalogue.requestsPerSecond),
    checkout: ratio(two.checkout.checkoutsPerSecond, one.checkout.checkoutsPerSecond),
    delivery: ratio(two.delivery.ordersPerSecond, one.delivery.ordersPerSecond),
  };
}

async function main(): Promise<void> {
  const databaseUrl = scratchDatabaseUrl(base.databaseUrl, 'scale');
  const redisPrefix = `bench-scale-${randomBytes(3).toString('hex')}`;
  const loadBefore = loadavg();
  const team = await prepareDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  const bouncer = await startPgbouncer({ postgresUrl: databaseUrl });
  try {
    const direct = { url: databaseUrl, db };
    const pooled = { url: bouncer.urlOf(databaseUrl), directUrl: databaseUrl, db };
    const runs = {
      direct: [await measureStore(1, direct, team, redisPrefix), await measureStore(2, direct, team, redisPrefix)] as const,
      pgbouncer: [await measureStore(1, pooled, team, redisPrefix), await measureStore(2, pooled, team, redisPrefix)] as const,
    };
    const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);
    const result = {
      benchmark: 'scale',
      cores: availableParallelism(),
      concurrency,
      secondsPerMeasurement: seconds,
      shoppers,
      rounds,
      direct: { runs: runs.direct, ratio: ratios(...runs.direct) },
      pgbouncer: { runs: runs.pgbouncer, ratio: ratios(...runs.pgbouncer) },
      loadavgBefore: round(loadBefore),
      loadavgAfter: round(loadavg()),
    };
    for (const [name, { runs: [one, two], ratio: r }] of Object.entries({ direct: result.direct, pgbouncer: result.pgbouncer })) {
      console.warn(
        `scale ${name}: catalogue ${one.catalogue.requestsPerSecond} -> ${two.catalogue.requestsPerSecond} req/s (x${r.catalogue}), ` +
          `checkout ${one.checkout.checkoutsPerSecond} -> ${two.checkout.checkoutsPerSecond}/s (x${r.checkout}), ` +
          `delivery ${one.delivery.ordersPerSecond} -> ${two.delivery.ordersPerSecond} orders/s (x${r.delivery})`,
      );
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await bouncer.stop();
    await db.destroy();
    await deleteRedisKeys(base.redisUrl, redisPrefix);
    await dropDatabase(databaseUrl);
  }
}

await main();
