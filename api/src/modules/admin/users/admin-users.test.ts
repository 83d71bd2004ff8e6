import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, listPath } from '../../../testing/admin-api';
import { createFixtures } from '../../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/harness';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await app.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });
const updateUser = (userId: number, body: Record<string, unknown>) => asAdmin('PUT', `/api/admin/users/${userId}`, body);

/** A shopper who has bought one code with their balance (1 order, balances back at 0). */
async function shopperWithOrder(nickname?: string) {
  const user = await app.createUser(nickname ? { nickname } : {});
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, gameAmount: 5, priceUsd: 500, priceRub: 39_500, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 5, priceUsd: 500, priceRub: 39_500, quantity: 1 });
  await fixtures.fundBalance(user.id, 'usd', 500);
  const response = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'usd' } });
  expect(response.status).toBe(201);
  return { user, orderId: response.body.orderId as number };
}

const ledgerOf = (userId: number) => app.db('balance_ledger').where({ user_id: userId }).orderBy('id');
const balances = async (userId: number) =>
  Object.fromEntries((await app.db('balances').where({ user_id: userId }).select('currency', 'amount')).map((row) => [row.currency, row.amount]));

/** Everything a refused change must leave as it was. */
async function everything(userId: number) {
  return {
    user: await app.db('users').where({ id: userId }).first(),
    balances: await balances(userId),
    ledger: await ledgerOf(userId),
    audit: await auditCount(app),
  };
}

describe('GET /api/admin/users', () => {
  it('lists users with their balances and order counts, searchable by nickname and filtered by role', async () => {
    const tag = randomBytes(3).toString('hex');
    const { user: buyer } = await shopperWithOrder(`kestrel_c_${tag}`);
    await fixtures.fundBalance(buyer.id, 'rub', 12_345);
    const quiet = await app.createUser({ nickname: `kestrel_b_${tag}` });
    const boss = await app.createUser({ role: 'admin', nickname: `kestrel_a_${tag}` });

    const response = await asAdmin('GET', listPath('/api/admin/users', { filter: { q: `KESTREL_` }, sort: ['nickname', 'ASC'] }));
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'users', start: 0, end: 2, total: 3 });
    expect(response.body.map((user: { id: number }) => user.id)).toEqual([boss.id, quiet.id, buyer.id]);
    expect(response.body[2]).toEqual({
      id: buyer.id,
      nickname: buyer.nickname,
      role: 'user',
      balanceUsd: 0,
      balanceRub: 123.45,
      ordersCount: 1,
      createdAt: expect.any(String),
    });

    const admins = await asAdmin('GET', listPath('/api/admin/users', { filter: { q: tag, role: 'admin' } }));
    expect(admins.body.map((user: { id: number }) => user.id)).toEqual([boss.id]);
    const byOrders = await asAdmin('GET', listPath('/api/admin/users', { filter: { q: tag }, sort: ['ordersCount', 'DESC'] }));
    expect(byOrders.body[0].id).toBe(buyer.id);
    const many = await asAdmin('GET', listPath('/api/admin/users', { filter: { id: [quiet.id, buyer.id] } }));
    expect(many.body.map((user: { id: number }) => user.id)).toEqual([quiet.id, buyer.id]);
    // Wildcards in the search are taken literally.
    expect((await asAdmin('GET', listPath('/api/admin/users', { filter: { q: '%' } }))).body).toEqual([]);

    for (const params of [{ filter: { role: 'owner' } }, { filter: { email: 'x' } }, { sort: ['password_hash', 'ASC'] }]) {
      expect((await asAdmin('GET', listPath('/api/admin/users', params))).status).toBe(400);
    }
  });

  it('shows one user, and 404 for an unknown one', async () => {
    const user = await app.createUser();
    const response = await asAdmin('GET', `/api/admin/users/${user.id}`);
    expect(response.body).toEqual({ id: user.id, nickname: user.nickname, role: 'user', balanceUsd: 0, balanceRub: 0, ordersCount: 0, createdAt: expect.any(String) });
    expect(JSON.stringify(response.body)).not.toMatch(/password|token/i);
    expect((await asAdmin('GET', '/api/admin/users/2000000000')).status).toBe(404);
  });
});

describe('PUT /api/admin/users/:id {balanceUsd, balanceRub, reason}', () => {
  it('sets balances up and down through the ledger, with the reason, and audits it', async () => {
    const user = await app.createUser();
    const up = await updateUser(user.id, { balanceUsd: 12.5, balanceRub: 1000, reason: 'Compensation for ticket 42' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ id: user.id, balanceUsd: 12.5, balanceRub: 1000 });

    const down = await updateUser(user.id, { balanceUsd: 2.25, reason: 'Correction' });
    expect(down.body).toMatchObject({ balanceUsd: 2.25, balanceRub: 1000 });

    expect((await ledgerOf(user.id)).map((entry) => [entry.currency, entry.amount, entry.balance_after, entry.reason, entry.note, entry.actor_id])).toEqual([
      ['usd', 1250, 1250, 'admin_adjustment', 'Compensation for ticket 42', admin.id],
      ['rub', 100_000, 100_000, 'admin_adjustment', 'Compensation for ticket 42', admin.id],
      ['usd', -1025, 225, 'admin_adjustment', 'Correction', admin.id],
    ]);
    for (const currency of ['usd', 'rub']) {
      const sum = await app.db('balance_ledger').where({ user_id: user.id, currency }).sum({ sum: 'amount' }).first();
      expect(Number(sum?.sum)).toBe((await balances(user.id))[currency]);
    }
    expect(await auditRowsOf(app, 'user', user.id)).toEqual([
      expect.objectContaining({
        action: 'user.balance_set',
        actor_id: admin.id,
        before: expect.objectContaining({ balanceUsd: 0, balanceRub: 0 }),
        after: expect.objectContaining({ balanceUsd: 12.5, balanceRub: 1000, reason: 'Compensation for ticket 42' }),
      }),
      expect.objectContaining({ before: expect.objectContaining({ balanceUsd: 12.5 }), after: expect.objectContaining({ balanceUsd: 2.25 }) }),
    ]);

    // The balance it already has: nothing to change, so no reason is needed and nothing is written.
    const before = await everything(user.id);
    expect((await updateUser(user.id, { balanceUsd: 2.25 })).status).toBe(200);
    expect(await everything(user.id)).toEqual(before);
  });

  it('refuses a negative balance, a third decimal, a change without a reason and unknown fields, changing nothing', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1000);
    const before = await everything(user.id);
    for (const body of [
      { balanceUsd: -1, reason: 'Chargeback' },
      { balanceRub: 1.234, reason: 'Rounding' },
      { balanceUsd: 5 },
      { balanceUsd: 5, reason: '   ' },
      { balanceUsd: 5, reason: 'Promotion', role: 'admin' },
      { balanceUsd: '5', reason: 'Text' },
    ]) {
      const response = await updateUser(user.id, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await everything(user.id)).toEqual(before);
    expect((await updateUser(2_000_000_000, { balanceUsd: 1, reason: 'Nobody' })).status).toBe(404);
  });

  it('two admins setting the same balance at once end at the value set, with the ledger summing to it', async () => {
    const user = await app.createUser();
    const answers = await Promise.all([
      updateUser(user.id, { balanceUsd: 30, reason: 'First' }),
      updateUser(user.id, { balanceUsd: 30, reason: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await balances(user.id)).usd).toBe(3000);
    expect((await ledgerOf(user.id)).map((entry) => entry.amount)).toEqual([3000]);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it('sets a new password: it logs in, and every older session is rejected', async () => {
    const user = await app.createUser({ password: 'original123' });
    expect((await app.request('GET', '/api/profile', { token: user.token })).status).toBe(200);

    const response = await asAdmin('PUT', `/api/admin/users/${user.id}/password`, { password: 'newpw1' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, nickname: user.nickname });

    const oldSession = await app.request('GET', '/api/profile', { token: user.token });
    expect(oldSession.status).toBe(401);
    expect(oldSession.body.error.code).toBe('UNAUTHORIZED');
    const login = await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: 'newpw1' } });
    expect(login.status).toBe(200);
    expect((await app.request('GET', '/api/profile', { token: login.body.token })).status).toBe(200);
    expect((await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: 'original123' } })).status).toBe(401);

    const row = await app.db('users').where({ id: user.id }).first('password_hash', 'token_version');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.token_version).toBe(1);
    const [audit] = await auditRowsOf(app, 'user', user.id);
    expect(audit).toMatchObject({ action: 'user.password_change', actor_id: admin.id, before: { tokenVersion: 0 }, after: { tokenVersion: 1, passwordChanged: true } });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('refuses a password shorter than 6 characters, changing nothing', async () => {
    const user = await app.createUser();
    const before = await everything(user.id);
    for (const body of [{ password: '12345' }, {}, { password: 'longenough', confirm: 'longenough' }]) {
      expect((await asAdmin('PUT', `/api/admin/users/${user.id}/password`, body)).status).toBe(400);
    }
    expect(await everything(user.id)).toEqual(before);
    expect((await app.request('GET', '/api/profile', { token: user.token })).status).toBe(200);
  });
});

describe('GET /api/admin/users/:id/orders', () => {
  it("lists only that user's orders in the list protocol, resource orders", async () => {
    const { user, orderId } = await shopperWithOrder();
    await shopperWithOrder();
    const response = await asAdmin('GET', `/api/admin/users/${user.id}/orders`);
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'orders', start: 0, end: 0, total: 1 });
    expect(response.body).toEqual([expect.objectContaining({ id: orderId, userId: user.id, status: 'processing', total: 5 })]);
    const filtered = await asAdmin('GET', listPath(`/api/admin/users/${user.id}/orders`, { filter: { status: 'completed' } }));
    expect(filtered.body).toEqual([]);
    expect((await asAdmin('GET', '/api/admin/users/2000000000/orders')).status).toBe(404);
  });
});
