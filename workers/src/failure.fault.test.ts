/**
 * Failures the design promises to survive (docs/architecture.md, "No paid order stranded by Redis"): a workers process killed in
 * the middle of a job, and Redis going away while shoppers check out. Each test takes down only a
 * service of its own: a workers child process, a redis-server on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@topup/api';
import { createFixtures, startTestApp, type TestApp, type TestUser } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from './index';
import { createQueues, type JobQueues } from './queues';
import { freePort, startOwnRedis, stopChild } from './testing/services';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const logger = createLogger('silent', 'failure-test');

/** The one price option these tests sell (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1000, priceRub: 79000 };

/** A shopper with enough USD and `quantity` codes of a fresh product in the cart; spare stock beside. */
async function shopperWithCart(app: TestApp, quantity: number, spareCodes = 2) {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', OPTION.priceUsd * quantity);
  const product = await fixtures.product({ title: 'Crash Test Card' });
  await fixtures.codes({ productId: product.id, ...OPTION, count: quantity + spareCodes });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity });
  return { shopper, productId: product.id };
}

function checkout(app: TestApp, shopper: TestUser) {
  return app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
}

/** Everything "delivered exactly once" means for a code order of `quantity` codes. */
async function expectDeliveredOnce(app: TestApp, orderId: number, userId: number, quantity: number) {
  const order = await app.db('orders').where({ id: orderId }).first();
  expect(order).toMatchObject({ status: 'completed', total: OPTION.priceUsd * quantity });
  expect(order.completed_at).toBeInstanceOf(Date);

  const items = await createFixtures(app.db, app.config.codesKey).orderItems([orderId]);
  const codes = await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).select('number as id', 'status', 'sold_at');
  expect(codes).toHaveLength(quantity);
  for (const code of codes) expect(code).toMatchObject({ status: 'used', sold_at: expect.any(Date) });
  // One item per code, and no code on two items (of this order or any other).
  expect(items.map((item) => item.code_id).sort()).toEqual(codes.map((code) => code.id).sort());
  const shared = await app.db('order_items as oi').join('stock_codes as sc', 'sc.id', 'oi.stock_code_id').where({ 'sc.source': 'manual' }).whereIn('sc.number', codes.map((code) => code.id)).count({ n: '*' }).first();
  expect(shared).toEqual({ n: quantity });

  // Paid once, never refunded.
  const ledger = await app.db('balance_ledger').where({ user_id: userId, order_id: orderId }).select('reason', 'amount');
  expect(ledger).toEqual([{ reason: 'order_payment', amount: -OPTION.priceUsd * quantity }]);
}

describe('a workers process killed (SIGKILL) in the middle of fulfilment', () => {
  let app: TestApp;
  let queues: JobQueues;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    await createFixtures(app.db, app.config.codesKey).usdRubRate();
    queues = createQueues(app.config, logger);
  });

  afterEach(async () => {
    for (const child of children.splice(0)) await stopChild(child, 'SIGKILL');
  });

  afterAll(async () => {
    await queues?.close();
    await app?.close();
  });

  /** `node --import tsx workers/src/index.ts` with short job locks, so a dead process's job is found in seconds. */
  function startWorkersProcess(): { child: ChildProcess; output: () => string } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'workers/src/index.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: app.config.databaseUrl,
        REDIS_URL: app.config.redisUrl,
        REDIS_PREFIX: app.config.redisPrefix,
        WORKER_LOCK_MS: '2000',
        WORKER_STALLED_INTERVAL_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output };
  }

  /** Sessions of this test's database waiting for a lock that `holderPid` holds. */
  async function sessionsWaitingOn(holderPid: number): Promise<string[]> {
    const { rows } = await app.db.raw<{ rows: { query: string }[] }>(
      `SELECT query FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND ? = ANY (pg_blocking_pids(pid))`,
      [holderPid],
    );
    return rows.map((row) => row.query);
  }

  it('after a restart the order completes, its codes delivered once', async () => {
    const quantity = 2;
    const { shopper } = await shopperWithCart(app, quantity);
    const response = await checkout(app, shopper);
    expect(response.status).toBe(201);
    const orderId: number = response.body.orderId;
    const { job_id: jobId } = await app.db('outbox').whereRaw("payload->>'orderId' = ?", [String(orderId)]).first('job_id');

    // Hold the order row, so the worker's SELECT ... FOR UPDATE waits mid-job for as long as the test wants.
    const holder = await app.db.transaction();
    let first: ReturnType<typeof startWorkersProcess>;
    try {
      await holder('orders').where({ id: orderId }).forUpdate().first('id');
      const { rows } = await holder.raw<{ rows: { pid: number }[] }>('SELECT pg_backend_pid() AS pid');
      const holderPid = rows[0]!.pid;

      first = startWorkersProcess();
      await vi.waitFor(() => expect(first.output()).toContain('Workers started'), { timeout: 30_000, interval: 100 });
      await vi.waitFor(
        async () => expect(await sessionsWaitingOn(holderPid)).toEqual([expect.stringMatching(/from "orders".*for update/i)]),
        { timeout: 15_000, interval: 100 },
      );
      expect(await queues.byName.fulfilment.getJobState(jobId)).toBe('active');

      await stopChild(first.child, 'SIGKILL');
    } finally {
      await holder.rollback();
    }

    // The killed process delivered nothing, and its job is orphaned: still 'active', its lock expiring.
    expect(await app.db('orders').where({ id: orderId }).first('status')).toEqual({ status: 'processing' });
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).pluck('status')).toEqual(['reserved', 'reserved']);
    expect(await queues.byName.fulfilment.getJobState(jobId)).toBe('active');
    expect(logLines(first.output(), 'Code order fulfilled')).toEqual([]);

    const second = startWorkersProcess();
    await vi.waitFor(
      async () => expect(await app.db('orders').where({ id: orderId }).first('status')).toEqual({ status: 'completed' }),
      { timeout: 30_000, interval: 200 },
    );
    await expectDeliveredOnce(app, orderId, shopper.id, quantity);

    // BullMQ found the stalled job and ran it once more: one delivery, and the job completed.
    await vi.waitFor(async () => expect(await queues.byName.fulfilment.getJobState(jobId)).toBe('completed'), { timeout: 15_000 });
    const job = await queues.byName.fulfilment.getJob(jobId);
    expect(job?.stalledCounter).toBe(1);
    // Log lines are written in batches, each within the logger's flush interval (LOG_FLUSH_MS).
    await vi.waitFor(
      () => {
        expect(logLines(second.output(), 'Job stalled: its worker stopped before finishing it')).toContainEqual(
          expect.objectContaining({ queue: 'fulfilment', jobId }),
        );
        expect(logLines(second.output(), 'Code order fulfilled')).toEqual([expect.objectContaining({ orderId, codes: quantity })]);
      },
      { timeout: 5_000, interval: 50 },
    );

    const order = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
    expect(order.body.status).toBe('completed');
    const shown = order.body.items.map((item: any) => item.code.code);
    expect(shown).toHaveLength(quantity);
    expect(new Set(shown).size).toBe(quantity);

    expect(await stopChild(second.child, 'SIGTERM')).toBe(0);
  }, 90_000);
});

describe('Redis stopped during checkouts', () => {
  let port: number;
  let redisServer: ChildProcess | undefined;
  let app: TestApp | undefined;
  let workers: RunningWorkers | undefined;

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
  });

  afterAll(async () => {
    await workers?.close();
    await app?.close();
    if (redisServer) await stopChild(redisServer, 'SIGKILL');
  });

  /** A redis-server of this test's own on `port`: the machine's shared one is never stopped. */
  async function startRedis(): Promise<void> {
    redisServer = await startOwnRedis(port);
  }

  async function stopRedis(): Promise<void> {
    const server = redisServer;
    redisServer = undefined;
    if (server) await stopChild(server, 'SIGKILL');
  }

  it('orders are still recorded (the outbox holds them) and are fulfilled once Redis is back', async () => {
    app = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
    const testApp = app;
    await createFixtures(testApp.db, testApp.config.codesKey).usdRubRate();
    workers = await startWorkers(testApp.config, logger);

    // The whole chain works while Redis is up: workers connected and delivering.
    const warmUp = await shopperWithCart(testApp, 1);
    const warmUpOrder = await checkout(testApp, warmUp.shopper);
    expect(warmUpOrder.status).toBe(201);
    await vi.waitFor(
      async () =>
        expect(await testApp.db('orders').where({ id: warmUpOrder.body.orderId }).first('status')).toEqual({ status: 'completed' }),
      { timeout: 15_000, interval: 100 },
    );

    const carts = await Promise.all(Array.from({ length: 5 }, () => shopperWithCart(testApp, 2)));
    await stopRedis();
    await vi.waitFor(() => expect(testApp.redis.status).not.toBe('ready'), { timeout: 15_000 });

    const responses = await Promise.all(carts.map(({ shopper }) => checkout(testApp, shopper)));
    for (const response of responses) {
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ success: true, status: 'processing', total: 20, currency: 'usd' });
    }
    const orderIds: number[] = responses.map((response) => response.body.orderId);
    // A rate-limited call still answers, limited in memory instead of in Redis.
    const login = await testApp.request('POST', '/api/login', { body: { nickname: 'nobody_here', password: 'wrong-password-1' } });
    expect(login.status).toBe(401);

    // Recorded and paid, waiting in the outbox; the relay keeps failing to reach Redis and says why.
    const outboxOf = () =>
      testApp
        .db('outbox')
        .whereRaw("(payload->>'orderId')::bigint = ANY (?)", [orderIds])
        .select('dispatched_at', 'attempts', 'last_error', 'origin_request_id');
    expect(await testApp.db('orders').whereIn('id', orderIds).pluck('status')).toEqual(orderIds.map(() => 'processing'));
    await vi.waitFor(
      async () => {
        const rows = await outboxOf();
        expect(rows).toHaveLength(orderIds.length);
        // Each row names the checkout request that wrote it, though nothing dispatched it at once.
        for (const row of rows) {
          expect(row).toMatchObject({ dispatched_at: null, attempts: expect.any(Number), last_error: expect.any(String), origin_request_id: expect.any(String) });
        }
        expect(rows.every((row) => row.attempts >= 1)).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );

    await startRedis();
    await vi.waitFor(
      async () =>
        expect(await testApp.db('orders').whereIn('id', orderIds).pluck('status')).toEqual(orderIds.map(() => 'completed')),
      { timeout: 45_000, interval: 250 },
    );
    for (const row of await outboxOf()) expect(row.dispatched_at).toBeInstanceOf(Date);
    for (const [index, orderId] of orderIds.entries()) await expectDeliveredOnce(testApp, orderId, carts[index]!.shopper.id, 2);
  }, 90_000);
});

/** The JSON log lines (pino) of a child process's output with this message. */
function logLines(output: string, msg: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}
