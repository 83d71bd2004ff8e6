import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/promo-codes';
let serial = 0;
const newCode = () => `ADM${Date.now().toString(36)}${(serial += 1)}`.toUpperCase();

describe('the back office\'s promo codes', () => {
  it('answers 401 without a token and 403 to a shopper', async () => {
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'POST', path: BASE, body: { code: 'NOPE1', discountType: 'percent', discountValue: 5 } },
    ]);
  });

  it('creates a code upper-case, lists, edits, audits, refuses a duplicate in any case, and deletes an unused one', async () => {
    const text = newCode();
    const created = await app.asAdmin('POST', BASE, {
      code: text.toLowerCase(),
      discountType: 'fixed',
      discountValue: 150.5,
      currency: 'rub',
      minOrder: 1000,
      usageLimit: 10,
      perUserLimit: 1,
      validTo: '2030-01-01T00:00:00.000Z',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: text,
      discountType: 'fixed',
      discountValue: 150.5,
      currency: 'rub',
      scope: 'all',
      scopeIds: [],
      minOrder: 1000,
      validFrom: null,
      validTo: '2030-01-01T00:00:00.000Z',
      usageLimit: 10,
      perUserLimit: 1,
      active: true,
      uses: 0,
      createdAt: expect.any(String),
    });
    const duplicate = await app.asAdmin('POST', BASE, { code: text.toLowerCase(), discountType: 'percent', discountValue: 5 });
    expect(duplicate.status).toBe(409);

    const listed = await app.asAdmin('GET', listPath(BASE, { filter: { q: text } }));
    expect(listed.body).toEqual([created.body]);
    expect(contentRange(listed.headers)).toMatchObject({ resource: 'promo-codes', total: 1 });

    const edited = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { ...created.body, code: 'IGNORED', active: false, discountValue: 200 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: text, active: false, discountValue: 200, uses: 0 });

    const deleted = await app.asAdmin('DELETE', `${BASE}/${created.body.id}`);
    expect(deleted.status).toBe(200);
    const rows = await auditRowsOf(app, 'promo_code', created.body.id);
    expect(rows.map((row) => row.action)).toEqual(['promo_code.create', 'promo_code.update', 'promo_code.delete']);
  });

  it('refuses codes against the store\'s rules with 400, changing nothing', async () => {
    const audits = await auditCount(app);
    for (const body of [
      { code: 'AB', discountType: 'percent', discountValue: 5 },
      { code: 'BAD CODE', discountType: 'percent', discountValue: 5 },
      { code: newCode(), discountType: 'percent', discountValue: 101 },
      { code: newCode(), discountType: 'percent', discountValue: 12.5 },
      { code: newCode(), discountType: 'fixed', discountValue: 5 },
      { code: newCode(), discountType: 'fixed', discountValue: 5.001, currency: 'usd' },
      { code: newCode(), discountType: 'fixed', discountValue: 5000.5, currency: 'uzs' },
      { code: newCode(), discountType: 'percent', discountValue: 5, minOrder: 10 },
      { code: newCode(), discountType: 'percent', discountValue: 5, scope: 'games' },
      { code: newCode(), discountType: 'percent', discountValue: 5, scopeIds: [1] },
      { code: newCode(), discountType: 'percent', discountValue: 5, validFrom: '2030-01-02T00:00:00Z', validTo: '2030-01-01T00:00:00Z' },
      { code: newCode(), discountType: 'percent', discountValue: 5, usageLimit: 0 },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(await auditCount(app)).toBe(audits);
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { active: true })).status).toBe(404);
  });
});
