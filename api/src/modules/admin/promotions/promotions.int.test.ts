import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/promotions';

async function createPromotion(fields: Record<string, unknown> = {}) {
  const response = await app.asAdmin('POST', BASE, { text: 'Sale', backgroundColor: '#FF8800', ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const promotion = await createPromotion();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${promotion.id}` },
      { method: 'POST', path: BASE, body: { text: 'X', backgroundColor: '#000000' } },
      { method: 'PUT', path: `${BASE}/${promotion.id}`, body: { active: false } },
      { method: 'DELETE', path: `${BASE}/${promotion.id}` },
    ]);
  });
});

describe('GET /api/admin/promotions', () => {
  it('pages, sorts and filters with Content-Range', async () => {
    const tag = `promo${Date.now().toString(36)}`;
    const a = await createPromotion({ text: `${tag} one`, sortOrder: 2 });
    const b = await createPromotion({ text: `${tag} two`, sortOrder: 1, active: false });
    const c = await createPromotion({ text: `${tag} three`, sortOrder: 3 });

    const sorted = await app.asAdmin('GET', listPath(BASE, { sort: ['sortOrder', 'ASC'], range: [0, 1], filter: { q: tag } }));
    expect(sorted.body.map((row: any) => row.id)).toEqual([b.id, a.id]);
    expect(contentRange(sorted.headers)).toEqual({ resource: 'promotions', start: 0, end: 1, total: 3 });
    const active = await app.asAdmin('GET', listPath(BASE, { sort: ['text', 'ASC'], filter: { q: tag, active: true } }));
    expect(active.body.map((row: any) => row.id)).toEqual([a.id, c.id]);
    const many = await app.asAdmin('GET', listPath(BASE, { filter: { id: [b.id] } }));
    expect(many.body.map((row: any) => row.id)).toEqual([b.id]);

    for (const params of [{ sort: ['colour', 'ASC'] }, { filter: { backgroundColor: '#fff' } }, { filter: { active: 3 } }]) {
      expect((await app.asAdmin('GET', listPath(BASE, params))).status).toBe(400);
    }
  });
});

describe('one promotion', () => {
  it('creates, toggles, updates, deletes and audits, and the storefront follows', async () => {
    const created = await app.asAdmin('POST', BASE, { text: ' Double diamonds ', backgroundColor: '#AA33CC', sortOrder: -1 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      text: 'Double diamonds',
      translations: { en: { text: '' }, uz: { text: '' } },
      backgroundColor: '#aa33cc',
      active: true,
      sortOrder: -1,
      discountType: null,
      discountValue: null,
      currency: null,
      productIds: [],
      gameIds: [],
      denominationIds: [],
      validFrom: null,
      validTo: null,
      createdAt: expect.any(String),
    });
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);
    const shown = await app.request('GET', '/api/promotions/active');
    expect(shown.body).toContainEqual({ id: created.body.id, text: 'Double diamonds', background_color: '#aa33cc' });

    const toggled = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { active: false });
    expect(toggled.body).toMatchObject({ active: false, text: 'Double diamonds' });
    expect((await app.request('GET', '/api/promotions/active')).body.map((row: any) => row.id)).not.toContain(created.body.id);

    const edited = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { ...toggled.body, text: 'Triple diamonds' });
    expect(edited.body.text).toBe('Triple diamonds');

    const deleted = await app.asAdmin('DELETE', `${BASE}/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(edited.body);
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).status).toBe(404);

    const rows = await auditRowsOf(app, 'promotion', created.body.id);
    expect(rows.map((row) => row.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.update', 'promotion.delete']);
    expect(rows[1]).toMatchObject({ before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });
    expect(rows[3]).toMatchObject({ before: edited.body, after: null });
  });

  it('refuses bad input with 400, changing nothing; 404 for an unknown promotion', async () => {
    const promotion = await createPromotion({ text: 'Steady' });
    const audits = await auditCount(app);
    for (const body of [
      { text: 'X', backgroundColor: 'red' },
      { text: 'X', backgroundColor: '#12345' },
      { text: '', backgroundColor: '#123456' },
      { text: 'x'.repeat(201), backgroundColor: '#123456' },
      { backgroundColor: '#123456' },
      { text: 'X', backgroundColor: '#123456', link: 'https://x' },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect((await app.asAdmin('PUT', `${BASE}/${promotion.id}`, { backgroundColor: 'blue' })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { active: true })).status).toBe(404);
    expect((await app.asAdmin('DELETE', `${BASE}/999999`)).status).toBe(404);
    expect(await auditCount(app)).toBe(audits);
    expect((await app.asAdmin('GET', `${BASE}/${promotion.id}`)).body.text).toBe('Steady');
  });
});
