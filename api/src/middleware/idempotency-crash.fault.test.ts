import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../testing/api-process';
import { createFixtures } from '../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../testing/harness';
import { LOCK_TIMEOUT_SECONDS } from './idempotency';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
const processes: ApiProcess[] = [];

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await Promise.all(processes.map((api) => api.kill()));
  await app.close();
});

async function apiProcess(): Promise<ApiProcess> {
  const api = await startApiProcess(app.config);
  processes.push(api);
  return api;
}

/** 10 game units at 10.99 USD (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

/** One code of a new product in the shopper's cart. */
async function codeInCart(user: TestUser): Promise<void> {
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
}

const payFromBalance = (baseUrl: string, user: TestUser, key: string) =>
  fetch(`${baseUrl}/api/payment/from-balance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ currency: 'usd' }),
  });

/** Polls `read` until it gives a truthy value, for at most 20 s. */
async function eventually<T>(what: string, read: () => Promise<T>): Promise<NonNullable<T>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an API process killed between the charge and storing its answer', () => {
  it('charges once: the same request with the same key, retried later on another process, answers the first order', async () => {
    const user = await app.createUser();
    await codeInCart(user);
    await fixtures.fundBalance(user.id, 'usd', 5000);
    const key = `checkout-${randomUUID()}`;
    const keyRecord = () => app.db('idempotency_keys').where({ user_id: user.id, key });
    const first = await apiProcess();

    // Held here: the checkout waits for the balance, then (charged and committed) for the answer's row.
    const balanceHold: Knex.Transaction = await app.db.transaction();
    await balanceHold('balances').where({ user_id: user.id, currency: 'usd' }).forUpdate();
    const lost = payFromBalance(first.baseUrl, user, key).catch((err: unknown) => err);
    await eventually('the key to be claimed', async () => (await keyRecord().first())?.state === 'running');
    const answerHold: Knex.Transaction = await app.db.transaction();
    await answerHold('idempotency_keys').where({ user_id: user.id, key }).forUpdate();
    await balanceHold.commit();
    const orderId = await eventually('the order to be committed', async () => (await app.db('orders').where({ user_id: user.id }).first('id'))?.id);
    await first.kill();
    // The answer's UPDATE was already sent and waits in Postgres, which does not notice a dead client
    // while it waits: end it too, so the process dies before the answer is stored, as in a real crash.
    await app.db.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query ILIKE '%idempotency_keys%'`,
    );
    await answerHold.rollback();

    expect(await lost).toBeInstanceOf(Error);
    expect(await keyRecord().first()).toMatchObject({ state: 'running', response_body: null });
    const charged = await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first('amount');
    expect(charged.amount).toBe(5000 - 1099);

    // Later: another cart, and the claim abandoned long enough to be taken over.
    await codeInCart(user);
    await keyRecord().update({ locked_at: app.db.raw('now() - make_interval(secs => ?)', [LOCK_TIMEOUT_SECONDS + 1]) });
    const second = await apiProcess();
    const retried = await payFromBalance(second.baseUrl, user, key);
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ success: true, orderId, status: 'processing', total: 10.99, discount: 0, currency: 'usd' });

    expect(await app.db('orders').where({ user_id: user.id }).pluck('id')).toEqual([orderId]);
    expect(await app.db('balance_ledger').where({ user_id: user.id, reason: 'order_payment' }).select('order_id', 'amount')).toEqual([
      { order_id: orderId, amount: -1099 },
    ]);
    expect(await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first('amount')).toEqual(charged);
    expect(await app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
    // Stored this time, and replayed from now on.
    expect(await keyRecord().first()).toMatchObject({ state: 'done', response_status: 201 });
    expect((await payFromBalance(second.baseUrl, user, key)).headers.get('idempotent-replayed')).toBe('true');
  });
});
