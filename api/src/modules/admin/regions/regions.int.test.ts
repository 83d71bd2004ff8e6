import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/regions';
let counter = 0;
const newCode = () => `R${Date.now().toString(36).toUpperCase().slice(-5)}${++counter}`;

async function createRegion(fields: Record<string, unknown> = {}) {
  const response = await app.asAdmin('POST', BASE, { name: 'Somewhere', code: newCode(), ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const region = await app.fixtures.region();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${region.id}` },
      { method: 'POST', path: BASE, body: { name: 'X', code: 'XX' } },
      { method: 'PUT', path: `${BASE}/${region.id}`, body: { isActive: false } },
      { method: 'DELETE', path: `${BASE}/${region.id}` },
    ]);
    expect(await app.db('regions').where({ id: region.id }).first('is_active')).toEqual({ is_active: true });
  });
});

describe('GET /api/admin/regions', () => {
  it('pages, sorts and filters with Content-Range', async () => {
    const tag = `Land${Date.now().toString(36)}`;
    const a = await createRegion({ name: `${tag} Alpha` });
    const b = await createRegion({ name: `${tag} Beta`, isActive: false });
    const c = await createRegion({ name: `${tag} Gamma` });

    const first = await app.asAdmin('GET', listPath(BASE, { sort: ['name', 'DESC'], range: [0, 1], filter: { q: tag } }));
    expect(first.status).toBe(200);
    expect(first.body.map((row: any) => row.id)).toEqual([c.id, b.id]);
    expect(contentRange(first.headers)).toEqual({ resource: 'regions', start: 0, end: 1, total: 3 });

    const inactive = await app.asAdmin('GET', listPath(BASE, { filter: { q: tag, isActive: false } }));
    expect(inactive.body.map((row: any) => row.id)).toEqual([b.id]);
    const byCode = await app.asAdmin('GET', listPath(BASE, { filter: { q: a.code.toLowerCase() } }));
    expect(byCode.body.map((row: any) => row.id)).toEqual([a.id]);
    const many = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'], filter: { id: [a.id, c.id] } }));
    expect(many.body.map((row: any) => row.id)).toEqual([a.id, c.id]);
  });

  it('refuses an unknown sort or filter field and bad filter values', async () => {
    for (const params of [{ sort: ['flag', 'ASC'] }, { filter: { active: true } }, { filter: { isActive: 'sometimes' } }]) {
      const response = await app.asAdmin('GET', listPath(BASE, params));
      expect({ params, status: response.status }).toEqual({ params, status: 400 });
    }
  });
});

describe('one region', () => {
  it('creates, reads, updates and audits a region', async () => {
    const code = newCode();
    const created = await app.asAdmin('POST', BASE, { name: ' Turkey ', code: ` ${code} `, gameCurrency: 'TRY', flag: '🇹🇷' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Turkey',
      translations: { en: { name: '' }, uz: { name: '' } },
      code,
      isActive: true,
      gameCurrency: 'TRY',
      flag: '🇹🇷',
      createdAt: expect.any(String),
    });
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);

    const updated = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { ...created.body, name: 'Türkiye', gameCurrency: 'Lira' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Türkiye', gameCurrency: 'Lira', code });

    const rows = await auditRowsOf(app, 'region', created.body.id);
    expect(rows.map((row) => row.action)).toEqual(['region.create', 'region.update']);
    expect(rows[1]).toMatchObject({
      actor_id: app.admin.id,
      before: expect.objectContaining({ name: 'Turkey' }),
      after: expect.objectContaining({ name: 'Türkiye' }),
    });
    expect((await app.asAdmin('GET', `${BASE}/999999`)).status).toBe(404);
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { name: 'X' })).status).toBe(404);
  });

  it('refuses bad input with 400 and a code in use with 409, changing nothing', async () => {
    const existing = await createRegion({ name: 'Kept' });
    const audits = await auditCount(app);
    const count = await app.db('regions').count<Array<{ count: number }>>({ count: '*' });
    for (const body of [
      { name: 'X' },
      { code: newCode() },
      { name: '  ', code: newCode() },
      { name: 'X', code: 'has space' },
      { name: 'X', code: newCode(), isActive: 'yes' },
      { name: 'X', code: newCode(), currency: 'TRY' },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const duplicate = await app.asAdmin('POST', BASE, { name: 'Copy', code: existing.code });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(existing.code) });
    const other = await createRegion();
    const taken = await app.asAdmin('PUT', `${BASE}/${other.id}`, { code: existing.code });
    expect(taken.status).toBe(409);
    expect((await app.asAdmin('PUT', `${BASE}/${other.id}`, { flag: 'x', colour: 'red' })).status).toBe(400);

    expect(await app.db('regions').count<Array<{ count: number }>>({ count: '*' })).toEqual([{ count: Number(count[0]!.count) + 1 }]);
    expect(await auditCount(app)).toBe(audits + 1);
    expect((await app.asAdmin('GET', `${BASE}/${other.id}`)).body.code).toBe(other.code);
  });

  it('takes a deactivated region out of the storefront', async () => {
    const product = await app.fixtures.product({ has_regions: true });
    const region = await createRegion({ name: 'Fading' });
    await app.fixtures.linkRegion(product.id, region.id);
    await app.fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 1 });
    expect((await app.request('GET', `/api/products/slug/${product.slug}`)).body.regions).toHaveLength(1);

    await app.asAdmin('PUT', `${BASE}/${region.id}`, { isActive: false });
    expect((await app.request('GET', `/api/products/slug/${product.slug}`)).body.regions).toEqual([]);
    expect((await app.request('GET', `/api/products/${product.id}/codes/${region.id}`)).status).toBe(404);
  });

  it('deletes an unused region with its product links, and refuses one codes use (409)', async () => {
    const product = await app.fixtures.product({ has_regions: true });
    const unused = await createRegion();
    await app.fixtures.linkRegion(product.id, unused.id);
    const deleted = await app.asAdmin('DELETE', `${BASE}/${unused.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: unused.id, code: unused.code });
    expect(await app.db('regions').where({ id: unused.id }).first()).toBeUndefined();
    expect(await app.db('product_regions').where({ region_id: unused.id })).toEqual([]);
    expect((await auditRowsOf(app, 'region', unused.id)).at(-1)).toMatchObject({ action: 'region.delete', after: null });

    const used = await createRegion();
    await app.fixtures.linkRegion(product.id, used.id);
    await app.fixtures.codes({ productId: product.id, regionId: used.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 1 });
    const audits = await auditCount(app);
    const refused = await app.asAdmin('DELETE', `${BASE}/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Deactivate it instead') });
    expect(await app.db('regions').where({ id: used.id }).first('id')).toEqual({ id: used.id });
    expect(await auditCount(app)).toBe(audits);
    expect((await app.asAdmin('DELETE', `${BASE}/999999`)).status).toBe(404);
  });
});

describe('flag', () => {
  it('takes an emoji, a short label, an http(s) image URL, a path of the store or nothing', async () => {
    const flags = ['🇹🇷', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴‍☠️', 'EU', 'https://flags.example/tr.svg', '/images/flags/tr.svg', ''];
    for (const flag of flags) {
      const created = await app.asAdmin('POST', BASE, { name: 'Flagged', code: newCode(), flag });
      expect({ flag, status: created.status }).toEqual({ flag, status: 201 });
      expect(created.body.flag).toBe(flag);
    }
  });

  it('refuses other schemes, addresses of another site and long text, naming the field, on create and update', async () => {
    const region = await createRegion({ flag: '🇹🇷' });
    const audits = await auditCount(app);
    const refused = [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:,x',
      'vbscript:x',
      '//evil.example/flag.svg',
      '/\\evil.example/flag.svg',
      'flags.example/tr.svg',
      'A flag that is far too long to be an emoji',
    ];
    for (const flag of refused) {
      const created = await app.asAdmin('POST', BASE, { name: 'Flagged', code: newCode(), flag });
      const updated = await app.asAdmin('PUT', `${BASE}/${region.id}`, { flag });
      for (const response of [created, updated]) {
        expect({ flag, status: response.status, field: response.body.error?.details?.[0]?.field }).toEqual({ flag, status: 400, field: 'flag' });
      }
    }
    expect(await app.db('regions').where({ id: region.id }).first('flag')).toEqual({ flag: '🇹🇷' });
    expect(await auditCount(app)).toBe(audits);
  });
});
