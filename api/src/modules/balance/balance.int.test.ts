import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
});

afterAll(async () => {
  await app.close();
});

const ledgerOf = (userId: number) => app.db('balance_ledger').where({ user_id: userId }).orderBy('id');

describe('GET /api/balance', () => {
  it('lists both balances in decimals', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1234);
    const response = await app.request('GET', '/api/balance', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { currency: 'usd', amount: 12.34 },
      { currency: 'rub', amount: 0 },
    ]);
  });

  it('requires a login', async () => {
    const response = await app.request('GET', '/api/balance');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/balance/topup', () => {
  it("credits the admin's own balance through the ledger and audits it", async () => {
    const admin = await app.createUser({ role: 'admin' });
    await fixtures.fundBalance(admin.id, 'rub', 10_000);
    const response = await app.request('POST', '/api/balance/topup', {
      token: admin.token,
      body: { currency: 'rub', amount: 250.5 },
      headers: { 'x-request-id': 'topup-request-0001' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { currency: 'usd', amount: 0 },
      { currency: 'rub', amount: 350.5 },
    ]);
    const [, entry] = await ledgerOf(admin.id);
    expect(entry).toMatchObject({ amount: 25_050, balance_after: 35_050, reason: 'admin_topup', actor_id: admin.id });
    expect(entry.reference).toMatch(/^admin-topup:[0-9a-f-]{36}$/);
    const audit = await app.db('audit_log').where({ actor_id: admin.id }).first();
    expect(audit).toMatchObject({
      action: 'balance.topup',
      entity: 'user',
      entity_id: String(admin.id),
      before: { currency: 'rub', amount: 100 },
      after: { currency: 'rub', amount: 350.5 },
      request_id: 'topup-request-0001',
    });
  });

  it('gives every request its own ledger entry', async () => {
    const admin = await app.createUser({ role: 'admin' });
    for (let i = 0; i < 2; i += 1) {
      await app.request('POST', '/api/balance/topup', { token: admin.token, body: { currency: 'usd', amount: 5 } });
    }
    expect((await ledgerOf(admin.id)).map((entry) => entry.balance_after)).toEqual([500, 1000]);
  });

  it('is for admins only', async () => {
    const user = await app.createUser();
    const response = await app.request('POST', '/api/balance/topup', { token: user.token, body: { currency: 'usd', amount: 50 } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
    expect((await app.request('POST', '/api/balance/topup', { body: { currency: 'usd', amount: 50 } })).status).toBe(401);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it.each([
    [{ currency: 'usd', amount: 4.99 }],
    [{ currency: 'usd', amount: 5.001 }],
    [{ currency: 'usd', amount: '10' }],
    [{ currency: 'usd', amount: 10_000_000 }],
    [{ currency: 'eur', amount: 10 }],
    [{ currency: 'usd' }],
    [{ currency: 'usd', amount: 10, userId: 1 }],
  ])('rejects %j with 400 and credits nothing', async (body) => {
    const admin = await app.createUser({ role: 'admin' });
    const response = await app.request('POST', '/api/balance/topup', { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(await ledgerOf(admin.id)).toEqual([]);
    expect(await app.db('audit_log').where({ actor_id: admin.id })).toEqual([]);
  });
});
