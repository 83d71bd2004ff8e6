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

describe('POST /api/admin/users/:id/balance-changes {currency, amount, reason}', () => {
  const changeBalance = (userId: number, body: Record<string, unknown>) => asAdmin('POST', `/api/admin/users/${userId}/balance-changes`, body);

  it('credits and debits through the ledger, with the reason, and audits each change', async () => {
    const user = await app.createUser();
    const credit = await changeBalance(user.id, { currency: 'usd', amount: 12.5, reason: 'Compensation for ticket 42' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body).toMatchObject({ id: user.id, balanceUsd: 12.5, balanceRub: 0 });
    expect((await changeBalance(user.id, { currency: 'rub', amount: 1000, reason: 'Compensation for ticket 42' })).body).toMatchObject({ balanceRub: 1000 });

    const debit = await changeBalance(user.id, { currency: 'usd', amount: -10.25, reason: '  Correction  ' });
    expect(debit.status).toBe(200);
    expect(debit.body).toMatchObject({ balanceUsd: 2.25, balanceRub: 1000 });

    expect((await ledgerOf(user.id)).map((entry) => [entry.currency, entry.amount, entry.balance_after, entry.reason, entry.note, entry.actor_id])).toEqual([
      ['usd', 1250, 1250, 'admin_adjustment', 'Compensation for ticket 42', admin.id],
      ['rub', 100_000, 100_000, 'admin_adjustment', 'Compensation for ticket 42', admin.id],
      ['usd', -1025, 225, 'admin_adjustment', 'Correction', admin.id],
    ]);
    const audits = await auditRowsOf(app, 'user', user.id);
    expect(audits.map((row) => row.action)).toEqual(['user.balance_credit', 'user.balance_credit', 'user.balance_debit']);
    expect(audits[2]).toMatchObject({
      actor_id: admin.id,
      before: expect.objectContaining({ balanceUsd: 12.5 }),
      after: expect.objectContaining({ balanceUsd: 2.25, reason: 'Correction', currency: 'usd', amount: -10.25 }),
    });
  });

  it('refuses a debit larger than the balance with a 409 naming the balance, changing nothing', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 500);
    const before = await everything(user.id);
    const response = await changeBalance(user.id, { currency: 'usd', amount: -5.01, reason: 'Chargeback' });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      message: 'The USD balance is 5.00 USD: a debit of 5.01 USD would take it below zero',
      details: { currency: 'usd', balance: 5, amount: -5.01 },
    });
    expect(await everything(user.id)).toEqual(before);
    // The whole balance may go.
    expect((await changeBalance(user.id, { currency: 'usd', amount: -5, reason: 'Chargeback' })).body).toMatchObject({ balanceUsd: 0 });
  });

  it('refuses a zero amount, a third decimal, a missing or blank reason and unknown fields, changing nothing', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1000);
    const before = await everything(user.id);
    for (const body of [
      { currency: 'usd', amount: 0, reason: 'Nothing' },
      { currency: 'rub', amount: 1.234, reason: 'Rounding' },
      { currency: 'usd', amount: 5 },
      { currency: 'usd', amount: -5, reason: '   ' },
      { currency: 'eur', amount: 5, reason: 'Other money' },
      { currency: 'usd', amount: 5, reason: 'Promotion', role: 'admin' },
      { currency: 'usd', amount: '5', reason: 'Text' },
    ]) {
      const response = await changeBalance(user.id, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await everything(user.id)).toEqual(before);
    expect((await changeBalance(2_000_000_000, { currency: 'usd', amount: 1, reason: 'Nobody' })).status).toBe(404);
  });

  it('two admins debiting at once never take the balance below zero', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 3000);
    const answers = await Promise.all([
      changeBalance(user.id, { currency: 'usd', amount: -20, reason: 'First' }),
      changeBalance(user.id, { currency: 'usd', amount: -20, reason: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await balances(user.id)).usd).toBe(1000);
  });
});

describe('GET /api/admin/users/:id/ledger', () => {
  it('lists the movements newest first with the running balance, the order and the admin, filtered by currency, reason and date', async () => {
    const { user, orderId } = await shopperWithOrder();
    await asAdmin('POST', `/api/admin/users/${user.id}/balance-changes`, { currency: 'usd', amount: 7, reason: 'Goodwill' });
    await asAdmin('POST', `/api/admin/users/${user.id}/balance-changes`, { currency: 'rub', amount: 300, reason: 'Goodwill' });

    const response = await asAdmin('GET', `/api/admin/users/${user.id}/ledger`);
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'ledger', start: 0, end: 3, total: 4 });
    expect(response.body.map((entry: Record<string, unknown>) => [entry.currency, entry.amount, entry.balanceAfter, entry.reason, entry.orderId, entry.actorNickname, entry.note])).toEqual([
      ['rub', 300, 300, 'admin_adjustment', null, admin.nickname, 'Goodwill'],
      ['usd', 7, 7, 'admin_adjustment', null, admin.nickname, 'Goodwill'],
      ['usd', -5, 0, 'order_payment', orderId, null, null],
      ['usd', 5, 5, 'initial_grant', null, null, null],
    ]);
    expect(response.body[0]).toEqual({
      id: expect.any(Number),
      currency: 'rub',
      amount: 300,
      balanceAfter: 300,
      reason: 'admin_adjustment',
      orderId: null,
      actorId: admin.id,
      actorNickname: admin.nickname,
      note: 'Goodwill',
      createdAt: expect.any(String),
    });

    const usd = await asAdmin('GET', listPath(`/api/admin/users/${user.id}/ledger`, { filter: { currency: 'usd', reason: 'admin_adjustment' } }));
    expect(usd.body.map((entry: { amount: number }) => entry.amount)).toEqual([7]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await asAdmin('GET', listPath(`/api/admin/users/${user.id}/ledger`, { filter: { createdFrom: '2000-01-01', createdTo: new Date(Date.now() + 86_400_000).toISOString() } }));
    expect(contentRange(dated.headers).total).toBe(4);
    const future = await asAdmin('GET', listPath(`/api/admin/users/${user.id}/ledger`, { filter: { createdFrom: `${Number(today.slice(0, 4)) + 1}-01-01` } }));
    expect(future.body).toEqual([]);

    for (const filter of [{ currency: 'eur' }, { reason: 'gift' }, { createdFrom: 'yesterday' }, { userId: 1 }]) {
      expect((await asAdmin('GET', listPath(`/api/admin/users/${user.id}/ledger`, { filter }))).status).toBe(400);
    }
    expect((await asAdmin('GET', '/api/admin/users/2000000000/ledger')).status).toBe(404);
  });
});

describe('the notes on a user', () => {
  it('adds a note, audited, and lists them newest first with the author', async () => {
    const user = await app.createUser();
    const first = await asAdmin('POST', `/api/admin/users/${user.id}/notes`, { note: 'Asked for a refund by e-mail.' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      userId: user.id,
      authorId: admin.id,
      authorNickname: admin.nickname,
      note: 'Asked for a refund by e-mail.',
      createdAt: expect.any(String),
    });
    await asAdmin('POST', `/api/admin/users/${user.id}/notes`, { note: '  Called back.  ' });

    const list = await asAdmin('GET', `/api/admin/users/${user.id}/notes`);
    expect(contentRange(list.headers)).toEqual({ resource: 'user-notes', start: 0, end: 1, total: 2 });
    expect(list.body.map((note: { note: string }) => note.note)).toEqual(['Called back.', 'Asked for a refund by e-mail.']);
    expect((await auditRowsOf(app, 'user', user.id)).map((row) => [row.action, row.after.note])).toEqual([
      ['user.note_add', 'Asked for a refund by e-mail.'],
      ['user.note_add', 'Called back.'],
    ]);

    const before = await app.db('user_notes').count({ count: '*' }).first();
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(2001) }, { note: 'ok', pinned: true }]) {
      expect((await asAdmin('POST', `/api/admin/users/${user.id}/notes`, body)).status).toBe(400);
    }
    expect(await app.db('user_notes').count({ count: '*' }).first()).toEqual(before);
    expect((await asAdmin('POST', '/api/admin/users/2000000000/notes', { note: 'Nobody' })).status).toBe(404);
  });
});

describe('GET /api/admin/users/:id/support-messages', () => {
  it("lists the user's support requests newest first with their first words", async () => {
    const user = await app.createUser();
    const long = 'My UC did not arrive after I paid for the order this morning, please check what happened';
    const [older] = await app.db('support_messages').insert({ user_id: user.id, nickname: user.nickname, message: 'Hello' }).returning('id');
    const [newer] = await app.db('support_messages').insert({ user_id: user.id, nickname: user.nickname, message: long }).returning('id');
    await app.db('support_messages').insert({ user_id: null, nickname: 'visitor', message: 'Not theirs' });

    const response = await asAdmin('GET', `/api/admin/users/${user.id}/support-messages`);
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'support-messages', start: 0, end: 1, total: 2 });
    expect(response.body).toEqual([
      { id: Number(newer.id), status: expect.any(String), preview: 'My UC did not arrive after I paid for the order this…', createdAt: expect.any(String) },
      { id: Number(older.id), status: expect.any(String), preview: 'Hello', createdAt: expect.any(String) },
    ]);
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
