/**
 * The store behind PgBouncer in transaction pooling mode (docs/scaling.md#pgbouncer): a PgBouncer of
 * the test's own (Debian's, 1.18, which keeps no prepared statement across transactions) in front of
 * the test database. The migrations run through it; an API serves checkouts through it with
 * DATABASE_PREPARED_STATEMENTS off; the workers deliver through it while the outbox relay listens on
 * Postgres itself (DATABASE_DIRECT_URL). Without PgBouncer installed, every test here fails saying
 * how to install it.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb, createLogger } from '@topup/api';
import {
  createFixtures,
  decideOnSandboxPage,
  startSecondApp,
  startTestApp,
  type TestApp,
  type TestUser,
  waitForOrderStatus,
} from '@topup/api/testing';
import { migrateLatest, migrationSource } from '@topup/migrations';
import { startPgbouncer, type RunningPgbouncer } from '@topup/server-kit';
import { startWorkers, type RunningWorkers } from './index';

/** The relay's LISTEN session names itself, so the test can find it among Postgres's backends. */
const DIRECT_APPLICATION = 'topup-direct-session';
const OPTION = { gameAmount: 10, priceUsd: 1000, priceRub: 79_000 };

let bouncer: RunningPgbouncer;
let app: TestApp;
/** The API whose every query goes through PgBouncer. */
let pooled: TestApp;
let workers: RunningWorkers;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  bouncer = await startPgbouncer({ postgresUrl: inject('postgresServerUrl') });
  app = await startTestApp();
  const direct = new URL(app.config.databaseUrl);
  direct.searchParams.set('application_name', DIRECT_APPLICATION);
  pooled = await startSecondApp(app, {
    databaseUrl: bouncer.urlOf(app.config.databaseUrl),
    databaseDirectUrl: direct.toString(),
    databasePreparedStatements: false,
  });
  workers = await startWorkers(pooled.config, createLogger('silent', 'pgbouncer-test'));
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate();
});

afterAll(async () => {
  await workers?.close();
  await pooled?.close();
  await app?.close();
  await bouncer?.stop();
});

/** A shopper with a fresh product's code in the cart and, for a balance checkout, the money for it. */
async function shopperWithCart(balance: boolean): Promise<TestUser> {
  const shopper = await app.createUser();
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  if (balance) await fixtures.fundBalance(shopper.id, 'usd', OPTION.priceUsd);
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
  return shopper;
}

describe('behind PgBouncer in transaction mode', () => {
  it('the migrations run through it: knex locks with a row, and every lock they take is a transaction one', async () => {
    const name = `${new URL(app.config.databaseUrl).pathname.slice(1)}_empty`;
    await app.db.raw('CREATE DATABASE ??', [name]);
    const url = new URL(app.config.databaseUrl);
    url.pathname = `/${name}`;
    const db = createDb(bouncer.urlOf(url.toString()), { min: 0, max: 2 }, { preparedStatements: false });
    try {
      await migrateLatest(db);
      const [done, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
      expect(pending).toEqual([]);
      expect(done).toHaveLength((await migrationSource.getMigrations([])).length);
    } finally {
      await db.destroy();
      await app.db.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    }
  });

  it('a balance checkout is paid through it and delivered by the workers through it', async () => {
    const shopper = await shopperWithCart(true);
    const paid = await pooled.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const order = await waitForOrderStatus(pooled, shopper, paid.body.orderId, 'completed');
    expect(order.items.map((item: { code: { code: string } }) => item.code.code)).toHaveLength(1);
    expect(await app.db('balances').where({ user_id: shopper.id, currency: 'usd' }).first()).toMatchObject({ amount: 0 });
  });

  it('a card checkout is paid on the pay page, its webhook applied and the order delivered, all through it', async () => {
    const shopper = await shopperWithCart(false);
    const created = await pooled.request('POST', '/api/payment/create', {
      token: shopper.token,
      body: { amount: OPTION.priceUsd / 100, currency: 'usd', type: 'order' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.orderId as number;
    expect(await decideOnSandboxPage(pooled, new URL(created.body.pay_url).pathname, 'pay')).toBe(`/orders/${orderId}`);

    await waitForOrderStatus(pooled, shopper, orderId, 'completed');
    expect(await app.db('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'paid' });
  });

  it('the outbox relay listens on Postgres itself, not through PgBouncer', async () => {
    const database = new URL(app.config.databaseUrl).pathname.slice(1);
    await vi.waitFor(
      async () => {
        const sessions = await app.db('pg_stat_activity').where({ datname: database, application_name: DIRECT_APPLICATION }).pluck('query');
        expect(sessions).toContain('LISTEN outbox');
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
