/**
 * Checkout under load against a running store (`npm start` first): N shoppers at once put an
 * activation code in their cart and pay from their balance (POST /api/cart/add, POST
 * /api/payment/from-balance), one order after another, as pgbench below runs its statements; then
 * the bench waits until the workers have delivered every order, and each shopper opens its last order
 * (GET /api/orders/:id) to see it completed. Delivery latency is paid_at -> completed_at as the
 * orders record them: exact, and no poll adds load the ceiling does not carry. Then the same checkouts without the store, for its ceiling:
 * pgbench, at the same concurrency, on a product and codes of its own prepared the same way, runs the
 * statements the store runs (SELECT add_to_cart_line(...), then SELECT pay_cart_from_balance(...), each its own transaction).
 * Prints one JSON line: for both, checkouts per second, p50, p99 and errors; `ratio` (store / pgbench
 * checkouts per second); the load average; the store's paid -> completed latency, and where it went
 * (to the fulfilment queue, in it, and the job's run, by BullMQ's timestamps of each order's job, read
 * from the store's REDIS_URL); and the load generator's CPU while shopping (% of one core), which it
 * takes from the store on the same cores.
 * Before each, the tables checkout updates are vacuumed, so neither starts among the dead rows the other left.
 * While pgbench runs, the store's fulfilment queue is paused, so its workers do not deliver pgbench's
 * orders meanwhile (the ceiling is measured without the store); they deliver them after, and the bench
 * waits for that, so the next run starts with no deliveries left over.
 * pgbench comes with Debian's PostgreSQL packages: when it is missing and the bench runs as root, it
 * installs `postgresql-client` with apt-get; otherwise it says what to install.
 *
 * Tuning: BENCH_URL (the store), BENCH_SHOPPERS (concurrent shoppers, 50), BENCH_ROUNDS (orders per
 * shopper, one after the other, 1), BENCH_TIMEOUT_SECONDS (longest wait for one order, 60),
 * BENCH_DATABASE_URL (the store's database, else DATABASE_URL, else the store's default).
 *
 * The shoppers and the stock are prepared in that database, because the API's rate limits (5
 * registrations per 10 minutes per address, and the login protection) would throttle the bench itself:
 * - Shoppers are a fixed set of accounts `bench:1` ... `bench:N`, created on the first run and reused
 *   afterwards (a `:` is refused by registration, so no real shopper can own one of these names).
 *   Their password is random and never kept: nobody can log in as them. The bench signs their
 *   session tokens itself with the store's JWT_SECRET.
 * - Each run credits every bench shopper, through the ledger, exactly what its orders will cost, and
 *   at the end takes back through the ledger whatever a failed checkout left, so bench balances end at 0.
 * - Each run sells a product of its own, 'Benchmark card' (`bench-card-<run>`), with one code per
 *   order, encrypted with the store's CODES_KEY. At the end the product is deactivated (so it leaves
 *   the storefront) and its unsold codes are deleted.
 * - pgbench's checkouts use the same accounts, funded the same way, and a product of their own.
 * Orders, their codes and the ledger are kept: the ledger is append-only and holds on to both the
 * orders and the accounts, as in any real store.
 * The secrets and URLs come from the environment and the repository's .env, as for `npm start`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@topup/api/config';
import type { Db } from '@topup/api/db';
import { initialOrderStatus } from '@topup/common';
import { CART_MAX_QUANTITY } from '@topup/common/api';
import { changeBalance, createCodeCrypto } from '@topup/server-kit';
import { hashPassword } from '@topup/api/auth';
import { PAID_ORDER_HOLD_SECONDS } from '@topup/api/order-lifecycle';
import { createTokenService } from '@topup/api/tokens';
import { createRedis } from '@topup/api/redis';
import { openQueue } from '@topup/api';
import { percentile } from '../lib/load';
import { assertStoreAnswers, createShopperClient, positiveInteger, vacuumWhatCheckoutChurns, withStoreDb } from '../lib/store';

const envFile = fileURLToPath(new URL('../../.env', import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);
const config = loadConfig();

const baseUrl = process.env.BENCH_URL ?? 'http://localhost:3000';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? config.databaseUrl;
const shoppers = positiveInteger('BENCH_SHOPPERS', 50);
const rounds = positiveInteger('BENCH_ROUNDS', 1);
const orderTimeoutMs = positiveInteger('BENCH_TIMEOUT_SECONDS', 60) * 1000;
const client = createShopperClient(baseUrl, shoppers);

/** What one code of the bench product costs, minor units; the cart speaks decimals. */
const PRICE = { usd: 100, rub: 7900 };
const GAME_AMOUNT = 1;

interface BenchShopper {
  id: number;
  token: string;
}

interface Figures {
  checkoutLatencies: number[];
  /** The load generator's CPU time while shopping, in % of one core. */
  generatorCpuPercent: number;
  firstCheckoutAt: number;
  lastCheckoutAt: number;
  /** The order each shopper placed last. */
  lastOrders: Map<BenchShopper, number>;
  completedOrders: number;
  errors: number;
  errorSamples: string[];
}

/** What pgbench measured of the same checkouts without the store. */
interface Ceiling {
  checkouts: number;
  checkoutsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function main(): Promise<void> {
  await assertStoreAnswers(baseUrl);
  const pgbench = findPgbench();
  await withStoreDb(databaseUrl, 5, async (db) => {
    const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const benchShoppers = await prepareShoppers(db);
    const ids = benchShoppers.map((shopper) => shopper.id);

    await settleBalances(db, ids, PRICE.usd * rounds, `bench:${run}:fund`);
    const product = await prepareProduct(db, run);
    let figures: Figures;
    let delivered: Delivery;
    try {
      await vacuumWhatCheckoutChurns(db);
      figures = await shop(db, benchShoppers, product.id);
      delivered = await delivery(db, product.id);
    } finally {
      await cleanUp(db, run, product.id, ids);
    }

    const ceilingRun = `${run}-sql`;
    await settleBalances(db, ids, PRICE.usd * rounds, `bench:${ceilingRun}:fund`);
    const ceilingProduct = await prepareProduct(db, ceilingRun);
    let ceiling: Ceiling;
    try {
      await vacuumWhatCheckoutChurns(db);
      ceiling = await withDeliveriesPaused(() => runPgbench(pgbench, ceilingProduct.id));
      const open = await untilDelivered(db, ceilingProduct.id);
      if (open > 0) console.warn(`pgbench: ${open} of its orders still undelivered after ${orderTimeoutMs / 1000} s`);
    } finally {
      await cleanUp(db, ceilingRun, ceilingProduct.id, ids);
    }
    report(figures, delivered, ceiling);
  }).finally(() => client.close());
}

/** The bench accounts, created if missing, with empty carts. */
async function prepareShoppers(db: Db): Promise<BenchShopper[]> {
  const nicknames = Array.from({ length: shoppers }, (_, index) => `bench:${index + 1}`);
  const existing: Array<{ nickname: string }> = await db('users').whereIn('nickname', nicknames).select('nickname');
  if (existing.length < nicknames.length) {
    // One hash of a password nobody keeps: the accounts exist, but no one can log in as them.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await db.raw(
      `INSERT INTO users (nickname, password_hash) SELECT unnest(?::text[]), ?
       ON CONFLICT ((lower(nickname))) DO NOTHING`,
      [nicknames, passwordHash],
    );
  }
  const users: Array<{ id: number; token_version: number }> = await db('users')
    .whereIn('nickname', nicknames)
    .where({ role: 'user' })
    .orderBy('id')
    .select('id', 'token_version');
  if (users.length !== shoppers) throw new Error('Some bench:<n> accounts exist with another role; remove them first');
  const ids = users.map((user) => user.id);
  await db.raw(
    `INSERT INTO balances (user_id, currency) SELECT id, c FROM unnest(?::int[]) AS id, unnest(ARRAY['usd', 'rub']) AS c
     ON CONFLICT DO NOTHING`,
    [ids],
  );
  // A cart left by an interrupted run would be paid for as well.
  await db('cart_items').whereIn('user_id', ids).delete();

  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600 });
  return Promise.all(
    users.map(async (user) => ({ id: user.id, token: await tokens.sign({ userId: user.id, tokenVersion: user.token_version }) })),
  );
}

/** Brings each bench shopper's USD balance to `target` with an adjustment on the ledger. */
async function settleBalances(db: Db, ids: number[], target: number, reference: string): Promise<void> {
  const balances: Array<{ user_id: number; amount: number }> = await db('balances')
    .whereIn('user_id', ids)
    .where({ currency: 'usd' })
    .select('user_id', 'amount');
  for (const { user_id: userId, amount } of balances) {
    const change = target - amount;
    if (change === 0) continue;
    await db.transaction((trx) =>
      changeBalance(trx, {
        userId,
        currency: 'usd',
        amount: change,
        reason: 'admin_adjustment',
        reference: `${reference}:${userId}`,
        note: 'checkout benchmark',
      }),
    );
  }
}

/** The run's own product, one code per order to be placed. */
async function prepareProduct(db: Db, run: string): Promise<{ id: number }> {
  const [product] = await db('products')
    .insert({
      slug: `bench-card-${run}`,
      title: 'Benchmark card',
      description: 'Sold by `npm run bench checkout` to its own accounts; deactivated when the run ends.',
      category: 'gift_card',
      game_currency: 'USD',
      sort_order: 1_000_000,
    })
    .returning<Array<{ id: number }>>('id');
  if (!product) throw new Error('products insert returned no row');
  const crypto = createCodeCrypto(config.codesKey);
  const rows = Array.from({ length: shoppers * rounds }, (_, index) => {
    const code = `BENCH-${run}-${index + 1}-${randomBytes(4).toString('hex')}`.toUpperCase();
    return {
      source: 'manual',
      product_id: product.id,
      code_encrypted: crypto.encrypt(code),
      code_hash: crypto.hash(code),
      game_amount: GAME_AMOUNT,
      price_usd: PRICE.usd,
      price_rub: PRICE.rub,
    };
  });
  await db.batchInsert('stock_codes', rows, 1000);
  return product;
}

/** Every shopper at once: add to cart, check out; `rounds` times each. */
async function shop(db: Db, benchShoppers: BenchShopper[], productId: number): Promise<Figures> {
  const figures: Figures = {
    checkoutLatencies: [],
    generatorCpuPercent: 0,
    firstCheckoutAt: Number.POSITIVE_INFINITY,
    lastCheckoutAt: 0,
    lastOrders: new Map(),
    completedOrders: 0,
    errors: 0,
    errorSamples: [],
  };
  const fail = (what: string) => {
    figures.errors += 1;
    if (figures.errorSamples.length < 5) figures.errorSamples.push(what);
  };

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    benchShoppers.map(async (shopper) => {
      for (let round = 0; round < rounds; round += 1) {
        try {
          const added = await call(shopper, 'POST', '/api/cart/add', {
            productId,
            gameAmount: GAME_AMOUNT,
            priceUsd: PRICE.usd / 100,
            priceRub: PRICE.rub / 100,
            quantity: 1,
          });
          if (added.status !== 200) {
            fail(`cart/add ${added.status} ${JSON.stringify(added.body)}`);
            continue;
          }
          const sent = performance.now();
          figures.firstCheckoutAt = Math.min(figures.firstCheckoutAt, sent);
          const paid = await call(shopper, 'POST', '/api/payment/from-balance', { currency: 'usd' });
          const answered = performance.now();
          if (paid.status !== 201) {
            fail(`payment/from-balance ${paid.status} ${JSON.stringify(paid.body)}`);
            continue;
          }
          figures.checkoutLatencies.push(answered - sent);
          figures.lastCheckoutAt = Math.max(figures.lastCheckoutAt, answered);
          figures.lastOrders.set(shopper, (paid.body as { orderId: number }).orderId);
        } catch (err) {
          fail(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  // Near 100, the load generator is the limit, not the store.
  figures.generatorCpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - started)) * 100);
  figures.completedOrders = await awaitDelivery(db, productId, figures, fail);
  return figures;
}

/**
 * Waits until the workers have delivered every order of the product, then checks each shopper's last
 * order as its order page shows it. Returns how many orders completed.
 */
async function awaitDelivery(db: Db, productId: number, figures: Figures, fail: (what: string) => void): Promise<number> {
  const open = await untilDelivered(db, productId);
  if (open > 0) fail(`${open} orders still open after ${orderTimeoutMs / 1000} s`);
  for (const [shopper, orderId] of figures.lastOrders) {
    const order = await call(shopper, 'GET', `/api/orders/${orderId}`);
    const status = order.status === 200 ? (order.body as { status: string }).status : `HTTP ${order.status}`;
    if (status !== 'completed') fail(`order ${orderId} ${status}`);
  }
  return Number((await ordersOf(db, productId).where({ status: 'completed' }).count<{ count: string }[]>('* as count'))[0]?.count);
}

const ordersOf = (db: Db, productId: number) => db('orders').whereIn('id', db('order_items').where({ product_id: productId }).select('order_id'));

/** Waits until no order of the product is open (or BENCH_TIMEOUT_SECONDS have passed); returns how many still are. */
async function untilDelivered(db: Db, productId: number): Promise<number> {
  const deadline = performance.now() + orderTimeoutMs;
  let open = Infinity;
  while (open > 0 && performance.now() < deadline) {
    open = Number((await ordersOf(db, productId).whereIn('status', ['pending', 'processing']).count<{ count: string }[]>('* as count'))[0]?.count);
    if (open > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return open;
}

/**
 * Runs `work` with the store's fulfilment queue paused, so its workers deliver none of the ceiling's
 * orders while pgbench is measured (the ceiling is the checkouts without the store); they are delivered
 * once it resumes. Resumed whatever happens, a Ctrl+C included (the bench then exits).
 */
function withDeliveriesPaused<T>(work: () => T | Promise<T>): Promise<T> {
  return withFulfilmentQueue(async (queue) => {
    let interrupted = false;
    const interrupt = () => (interrupted = true);
    process.on('SIGINT', interrupt).on('SIGTERM', interrupt);
    try {
      await queue.pause();
      // Awaited here, so the queue resumes only once the work is done, however it is done.
      return await work();
    } finally {
      await queue.resume();
      process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
      if (interrupted) process.exit(130);
    }
  });
}

/** Runs `work` with the store's fulfilment queue (BullMQ, on the store's REDIS_URL), closed after. */
async function withFulfilmentQueue<T>(work: (queue: ReturnType<typeof openQueue>) => Promise<T>): Promise<T> {
  const redis = createRedis(config.redisUrl, { forQueues: true });
  const queue = openQueue('fulfilment', redis, config.redisPrefix);
  try {
    return await work(queue);
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

const call = (shopper: BenchShopper, method: 'GET' | 'POST', path: string, body?: unknown) => client.call(shopper.token, method, path, body);

/** Takes the product off the storefront, deletes its unsold codes, and brings bench balances and carts back to empty. */
async function cleanUp(db: Db, run: string, productId: number, ids: number[]): Promise<void> {
  await db('products').where({ id: productId }).update({ active: false, updated_at: db.fn.now() });
  await db('stock_codes')
    .where({ source: 'manual', product_id: productId, status: 'available' })
    .whereNull('order_id')
    .whereNotExists(db('order_items').whereRaw('order_items.stock_code_id = stock_codes.id'))
    .delete();
  await db('cart_items').whereIn('user_id', ids).delete();
  await settleBalances(db, ids, 0, `bench:${run}:settle`);
}

/** The pgbench command, installed with apt-get when missing and allowed (root). */
function findPgbench(): string {
  const works = () => spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;
  if (works()) return 'pgbench';
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
    console.warn('pgbench is missing: installing postgresql-client with apt-get');
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-client'], { stdio: 'inherit' });
    if (works()) return 'pgbench';
  }
  throw new Error(
    'pgbench is needed for the checkout ceiling: install it (Debian: apt-get install postgresql-client, or postgresql-<major> where the client package lacks it)',
  );
}

/**
 * The ceiling: pgbench client n is bench shopper bench:<n+1>; each of its `rounds` transactions adds
 * the cart line (as POST /api/cart/add does) and pays from the balance with the store's own statements,
 * prepared as the store prepares them. Each transaction's latency comes from pgbench's log.
 */
function runPgbench(pgbench: string, productId: number): Ceiling {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
  try {
    const script = path.join(dir, 'checkout.sql');
    writeFileSync(
      script,
      `SELECT u.id AS uid FROM users u, add_to_cart_line(u.id, ${productId}, NULL, ${GAME_AMOUNT}, ${PRICE.usd}, ${PRICE.rub}, 1, ${CART_MAX_QUANTITY})
  WHERE lower(u.nickname) = 'bench:' || (:client_id + 1) \\gset
SELECT earlier, order_id, total, discount, promotion_discount, currency, outbox_id, outbox_job_id, product_ids
  FROM pay_cart_from_balance(:uid, 'usd', '${initialOrderStatus(true)}', ${PAID_ORDER_HOLD_SECONDS}, NULL, NULL, NULL, NULL);
`,
    );
    const threads = Math.min(shoppers, 2);
    const result = spawnSync(
      pgbench,
      ['-n', '-M', 'prepared', '-c', String(shoppers), '-j', String(threads), '-t', String(rounds), '-f', script, '-l', `--log-prefix=${path.join(dir, 'log')}`, databaseUrl],
      { encoding: 'utf8' },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
    const perSecond = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) => readFileSync(path.join(dir, name), 'utf8').trim().split('\n'))
      .filter((line) => line.length > 0)
      // client_id transaction_no latency_us script_no epoch_s epoch_us
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    const errors = shoppers * rounds - processed;
    if (errors > 0) console.warn(`pgbench: ${output.split('\n').filter((line) => /error|abort/i.test(line)).slice(0, 5).join('\n')}`);
    return {
      checkouts: processed,
      checkoutsPerSecond: Math.round(perSecond * 10) / 10,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each order's delivery, in ms, each list sorted. */
interface Delivery {
  /** paid_at to completed_at, as the store recorded them: finer than the poll above. */
  paidToCompleted: number[];
  /** Where that went, by the order's fulfilment job as BullMQ timed it (orders whose job BullMQ still keeps): */
  stages: {
    /** paid_at until the job was added (the placing transaction's commit, then the dispatch). */
    toQueue: number[];
    /** Added until a worker took it. */
    inQueue: number[];
    /** Taken until done. */
    running: number[];
  };
}

async function delivery(db: Db, productId: number): Promise<Delivery> {
  const rows: Array<{ paid_ms: number; ms: number; job_id: string | null }> = await db('orders as o')
    .whereIn('o.id', db('order_items').where({ product_id: productId }).select('order_id'))
    .whereNotNull('o.completed_at')
    .select(
      db.raw('extract(epoch from o.paid_at) * 1000 AS paid_ms'),
      db.raw('extract(epoch from o.completed_at - o.paid_at) * 1000 AS ms'),
      db
        .from('outbox as ob')
        .where('ob.queue', 'fulfilment')
        .whereRaw("ob.payload ->> 'orderId' = o.id::text")
        .orderBy('ob.id', 'desc')
        .limit(1)
        .select('ob.job_id')
        .as('job_id'),
    );
  const stages: Delivery['stages'] = { toQueue: [], inQueue: [], running: [] };
  await withFulfilmentQueue(async (queue) => {
    for (const row of rows) {
      const job = row.job_id ? await queue.getJob(row.job_id) : undefined;
      if (!job?.processedOn || !job.finishedOn) continue;
      stages.toQueue.push(job.timestamp - Number(row.paid_ms));
      stages.inQueue.push(job.processedOn - job.timestamp);
      stages.running.push(job.finishedOn - job.processedOn);
    }
  });
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return {
    paidToCompleted: sorted(rows.map((row) => Number(row.ms))),
    stages: { toQueue: sorted(stages.toQueue), inQueue: sorted(stages.inQueue), running: sorted(stages.running) },
  };
}

function report(figures: Figures, delivered: Delivery, ceiling: Ceiling): void {
  const { checkoutLatencies } = figures;
  checkoutLatencies.sort((a, b) => a - b);
  const seconds = (figures.lastCheckoutAt - figures.firstCheckoutAt) / 1000;
  const checkoutsPerSecond = checkoutLatencies.length === 0 ? 0 : Math.round((checkoutLatencies.length / seconds) * 10) / 10;
  const result = {
    benchmark: 'checkout',
    baseUrl,
    shoppers,
    rounds,
    checkouts: checkoutLatencies.length,
    completedOrders: figures.completedOrders,
    checkoutsPerSecond,
    checkoutP50Ms: percentile(checkoutLatencies, 50),
    checkoutP99Ms: percentile(checkoutLatencies, 99),
    generatorCpuPercent: figures.generatorCpuPercent,
    // paid_at -> completed_at of every order, as the store recorded them, and where it went.
    paidToCompletedP50Ms: percentile(delivered.paidToCompleted, 50),
    paidToCompletedP99Ms: percentile(delivered.paidToCompleted, 99),
    deliveryStagesP50Ms: Object.fromEntries(Object.entries(delivered.stages).map(([stage, values]) => [stage, percentile(values, 50)])),
    deliveryStagesP99Ms: Object.fromEntries(Object.entries(delivered.stages).map(([stage, values]) => [stage, percentile(values, 99)])),
    errors: figures.errors,
    pgbench: ceiling,
    // The store's checkouts per second as a share of what Postgres does with the same statements.
    ratio: ceiling.checkoutsPerSecond === 0 ? 0 : Math.round((checkoutsPerSecond / ceiling.checkoutsPerSecond) * 100) / 100,
    loadavg: loadavg().map((value) => Math.round(value * 100) / 100),
  };
  for (const sample of figures.errorSamples) console.warn(`checkout error: ${sample}`);
  console.warn(
    `checkout: ${result.checkoutsPerSecond} checkouts/s, p99 ${result.checkoutP99Ms} ms; paid -> completed p50 ${result.paidToCompletedP50Ms} ms, p99 ${result.paidToCompletedP99Ms} ms (p50 to the queue ${result.deliveryStagesP50Ms.toQueue}, in it ${result.deliveryStagesP50Ms.inQueue}, running ${result.deliveryStagesP50Ms.running}); ${result.errors} errors`,
  );
  console.warn(
    `pgbench: ${ceiling.checkoutsPerSecond} checkouts/s, p99 ${ceiling.p99Ms} ms; ${ceiling.errors} errors; ratio ${result.ratio}; load ${result.loadavg.join(' ')}`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(`Checkout benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
