/**
 * Card top-up latency: from POST /api/payment/create to the order being 'completed', through the
 * sandbox gateway and through YooKassa (the real adapter against the local stand-in that speaks its
 * HTTP format), with the sandbox game answering at once (latency 0). For each gateway the bench
 * starts a store of its own (an API process and a workers process, as `npm start` runs them) on a
 * database of its own, then places BENCH_ORDERS Free Fire top-ups, BENCH_CONCURRENCY at a time:
 * create the payment, pay on the gateway's page as a shopper's browser does, and poll the order
 * (GET /api/orders/:id every 10 ms) until it is completed. Prints one JSON line with p50 and p99 of
 * the whole path and of its part after the payment, per gateway, and the load average.
 *
 * Tuning: BENCH_ORDERS (50), BENCH_CONCURRENCY (5), BENCH_TIMEOUT_SECONDS (30). The database is
 * created on the Postgres server of DATABASE_URL and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { dropDatabase, ensureDatabase, migrateLatest } from '@topup/migrations';
import { loadConfig } from '@topup/api/config';
import { createDb } from '@topup/api/db';
import { createTokenService } from '@topup/api/tokens';
import { startYookassaStandIn, type YookassaStandIn } from '@topup/api/testing';
import { percentile } from '../lib/load';
import { deleteRedisKeys, freePort, positiveInteger, runStoreProcess, scratchDatabaseUrl, scratchStoreEnv, stopProcess, waitForHealth } from '../lib/store';

const base = loadConfig();
const orders = positiveInteger('BENCH_ORDERS', 50);
const concurrency = positiveInteger('BENCH_CONCURRENCY', 5);
const timeoutMs = positiveInteger('BENCH_TIMEOUT_SECONDS', 30) * 1000;
const POLL_MS = 10;
const OFFER = { itemId: 910_001, priceUsd: 199, priceRub: 15_721 };

interface Store {
  baseUrl: string;
  tokens: string[];
  stop(): Promise<void>;
}

/** A database with what the orders need: the rate, the offer and a shopper per order (payment creation is rate limited per shopper). */
async function prepareDatabase(databaseUrl: string): Promise<Array<{ id: number; token_version: number }>> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    await db('currency_rates').insert({ from_currency: 'usd', to_currency: 'rub', rate: '79' });
    const [offer] = await db('game_denominations')
      .insert({
        game_id: db.raw("(select g.id from games g join products p on p.id = g.product_id where p.slug = 'freefire')"),
        name: '100 Diamonds',
        item_id: OFFER.itemId,
        price_usd: OFFER.priceUsd,
        price_rub: OFFER.priceRub,
        amount: 100,
      })
      .returning('id');
    await db('game_denomination_sources').insert({ denomination_id: offer.id, kind: 'sandbox', priority: 1 });
    const nicknames = Array.from({ length: orders }, (_, index) => `bench:${index + 1}`);
    return await db('users')
      .insert(nicknames.map((nickname) => ({ nickname, password_hash: 'x' })))
      .returning(['id', 'token_version']);
  } finally {
    await db.destroy();
  }
}

async function startStore(gateway: 'sandbox' | 'yookassa', yookassa?: YookassaStandIn): Promise<Store> {
  const databaseUrl = scratchDatabaseUrl(base.databaseUrl, `card_${gateway}`);
  const users = await prepareDatabase(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `bench-card-${randomBytes(3).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...scratchStoreEnv({ port, databaseUrl, redisPrefix, logLevel: 'warn' }),
    GAME_PROVIDER_LATENCY_MS: '0',
    PAYMENT_PROVIDER: gateway,
    ...(yookassa
      ? {
          YOOKASSA_SHOP_ID: yookassa.shopId,
          YOOKASSA_SECRET_KEY: yookassa.secretKey,
          YOOKASSA_API_URL: yookassa.url,
          // The stand-in notifies from this machine, not from YooKassa's addresses.
          YOOKASSA_NOTIFICATION_IPS: '127.0.0.1,::1',
        }
      : {}),
  };
  const children = [runStoreProcess('api/src/server.ts', env), runStoreProcess('workers/src/index.ts', env)];
  await waitForHealth(baseUrl, children);
  yookassa?.setNotificationUrl(`${baseUrl}/api/payment/webhook/yookassa`);
  const tokens = createTokenService({ secret: base.jwtSecret, ttlSeconds: 3600 });
  return {
    baseUrl,
    tokens: await Promise.all(users.map((user) => tokens.sign({ userId: user.id, tokenVersion: user.token_version }))),
    async stop() {
      await Promise.all(children.map(stopProcess));
      await dropDatabase(databaseUrl);
      await deleteRedisKeys(base.redisUrl, redisPrefix);
    },
  };
}

/** One shopper's top-up: created, paid on the gateway's page, then polled until completed. */
async function oneOrder(store: Store, token: string): Promise<{ totalMs: number; afterPaymentMs: number }> {
  const started = performance.now();
  const created = await fetch(`${store.baseUrl}/api/payment/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      type: 'topup',
      currency: 'usd',
      topupData: { service: 'freefire', player_id: '51234567', offer_id: OFFER.itemId, price_usd: 1.99, price_rub: 157.21, commission: 0 },
    }),
  });
  const body = (await created.json()) as { pay_url?: string; orderId?: number };
  if (created.status !== 201 || !body.pay_url) throw new Error(`payment/create answered ${created.status}: ${JSON.stringify(body)}`);
  const paid = await fetch(body.pay_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', decision: 'pay' }).toString(),
    redirect: 'manual',
  });
  await paid.body?.cancel();
  const paidAt = performance.now();
  const deadline = paidAt + timeoutMs;
  while (performance.now() < deadline) {
    const order = await fetch(`${store.baseUrl}/api/orders/${body.orderId}`, { headers: { authorization: `Bearer ${token}` } });
    const { status } = (await order.json()) as { status: string };
    if (status === 'completed') return { totalMs: performance.now() - started, afterPaymentMs: performance.now() - paidAt };
    if (status === 'failed' || status === 'cancelled') throw new Error(`Order ${body.orderId} ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`Order ${body.orderId} was not completed within ${timeoutMs} ms`);
}

async function measure(store: Store) {
  const totals: number[] = [];
  const afterPayment: number[] = [];
  let next = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < orders) {
        const token = store.tokens[next]!;
        next += 1;
        try {
          const figures = await oneOrder(store, token);
          totals.push(figures.totalMs);
          afterPayment.push(figures.afterPaymentMs);
        } catch (err) {
          errors += 1;
          console.error((err as Error).message);
        }
      }
    }),
  );
  totals.sort((a, b) => a - b);
  afterPayment.sort((a, b) => a - b);
  return {
    orders: totals.length,
    errors,
    p50Ms: percentile(totals, 50),
    p99Ms: percentile(totals, 99),
    paidToCompletedP50Ms: percentile(afterPayment, 50),
    paidToCompletedP99Ms: percentile(afterPayment, 99),
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const results: Record<string, unknown> = {};
  const sandbox = await startStore('sandbox');
  try {
    results.sandbox = await measure(sandbox);
  } finally {
    await sandbox.stop();
  }
  const standIn = await startYookassaStandIn();
  const yookassa = await startStore('yookassa', standIn);
  try {
    results.yookassa = await measure(yookassa);
  } finally {
    await yookassa.stop();
    await standIn.close();
  }
  const line = {
    bench: 'card-topup',
    orders,
    concurrency,
    ...results,
    loadAverage1m: [Math.round(loadBefore! * 100) / 100, Math.round(loadavg()[0]! * 100) / 100],
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
