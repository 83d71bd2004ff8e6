import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, distinctRandomIntegers, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/pubg-admin/denominations';
const newUcAmount = distinctRandomIntegers(100_000, 2_000_000_000);

async function createDenomination(fields: Record<string, unknown> = {}) {
  const response = await app.asAdmin('POST', BASE, { ucAmount: newUcAmount(), priceUsd: 0.99, priceRub: 78.21, ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const denomination = await createDenomination();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/active` },
      { method: 'GET', path: `${BASE}/${denomination.id}` },
      { method: 'POST', path: BASE, body: { ucAmount: 1, priceUsd: 1, priceRub: 1 } },
      { method: 'PUT', path: `${BASE}/${denomination.id}`, body: { active: false } },
      { method: 'DELETE', path: `${BASE}/${denomination.id}` },
    ]);
  });
});

describe('lists', () => {
  it('pages, sorts and filters with Content-Range, counting available codes', async () => {
    const a = await createDenomination({ priceUsd: 3 });
    const b = await createDenomination({ priceUsd: 1, active: false });
    const c = await app.fixtures.pubgPackage({ priceUsd: 200, priceRub: 7821, codes: 3 });
    await app.fixtures.pubgCodesInOrder(app.shopper.id, [c.codeIds[0]!], 'used');

    const ids = [a.id, b.id, c.id];
    const sorted = await app.asAdmin('GET', listPath(BASE, { sort: ['priceUsd', 'ASC'], range: [0, 1], filter: { id: ids } }));
    expect(sorted.status).toBe(200);
    expect(sorted.body.map((row: any) => row.id)).toEqual([b.id, c.id]);
    expect(contentRange(sorted.headers)).toEqual({ resource: 'denominations', start: 0, end: 1, total: 3 });
    expect(sorted.body[1]).toEqual({
      id: c.id,
      ucAmount: c.ucAmount,
      name: '',
      translations: { en: { name: '' }, uz: { name: '' } },
      priceUsd: 2,
      priceRub: 78.21,
      active: true,
      created: expect.any(String),
      availableCodes: 2,
    });
    const inactive = await app.asAdmin('GET', listPath(BASE, { filter: { id: ids, active: false } }));
    expect(inactive.body.map((row: any) => row.id)).toEqual([b.id]);
    const byAmount = await app.asAdmin('GET', listPath(BASE, { filter: { q: String(a.ucAmount) } }));
    expect(byAmount.body.map((row: any) => row.id)).toEqual([a.id]);

    for (const params of [{ sort: ['availableCodes', 'ASC'] }, { filter: { status: 'available' } }, { filter: { active: 'no' } }]) {
      expect((await app.asAdmin('GET', listPath(BASE, params))).status).toBe(400);
    }
  });

  it('GET /active answers the active packages, smallest first, as a plain array', async () => {
    const small = await createDenomination({ ucAmount: 60 });
    const large = await createDenomination({ ucAmount: 8100 });
    await createDenomination({ ucAmount: 325, active: false });
    const response = await app.asAdmin('GET', `${BASE}/active`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    const amounts = response.body.map((row: any) => row.ucAmount);
    expect(amounts).toEqual([...amounts].sort((x: number, y: number) => x - y));
    expect(amounts).toContain(small.ucAmount);
    expect(amounts).toContain(large.ucAmount);
    expect(amounts).not.toContain(325);
    expect(response.body.every((row: any) => row.active)).toBe(true);
    expect((await app.asAdmin('GET', `${BASE}/active?all=1`)).status).toBe(400);
  });
});

describe('one package', () => {
  it('creates, reads, updates and audits, and shoppers see the change', async () => {
    const ucAmount = newUcAmount();
    const created = await app.asAdmin('POST', BASE, { ucAmount, priceUsd: 4.99, priceRub: 394.21 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ucAmount, priceUsd: 4.99, priceRub: 394.21, active: true, availableCodes: 0 });
    expect(await app.db('game_denominations').where({ id: created.body.id }).first('price_usd', 'price_rub')).toEqual({
      price_usd: 499,
      price_rub: 39_421,
    });
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);
    expect((await app.request('GET', '/api/pubg/packages')).body).toContainEqual({
      id: created.body.id,
      uc_amount: ucAmount,
      name: '',
      price_usd: 4.99,
      price_rub: 394.21,
    });

    const updated = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { ...created.body, priceUsd: 5.49, active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ priceUsd: 5.49, active: false, ucAmount });
    expect((await app.request('GET', '/api/pubg/packages')).body.map((row: any) => row.id)).not.toContain(created.body.id);

    const rows = await auditRowsOf(app, 'pubg_denomination', created.body.id);
    expect(rows.map((row) => row.action)).toEqual(['pubg_denomination.create', 'pubg_denomination.update']);
    expect(rows[1]).toMatchObject({
      actor_id: app.admin.id,
      before: expect.objectContaining({ priceUsd: 4.99, active: true }),
      after: expect.objectContaining({ priceUsd: 5.49, active: false }),
    });
  });

  it('refuses bad input with 400 and a UC amount already offered with 409, changing nothing', async () => {
    const existing = await createDenomination();
    const audits = await auditCount(app);
    for (const body of [
      { ucAmount: 0, priceUsd: 1, priceRub: 79 },
      { ucAmount: 10.5, priceUsd: 1, priceRub: 79 },
      { ucAmount: newUcAmount(), priceUsd: 1.001, priceRub: 79 },
      { ucAmount: newUcAmount(), priceUsd: -1, priceRub: 79 },
      { ucAmount: newUcAmount(), priceUsd: 1 },
      { ucAmount: newUcAmount(), priceUsd: 1, priceRub: 79, codes: 5 },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const duplicate = await app.asAdmin('POST', BASE, { ucAmount: existing.ucAmount, priceUsd: 1, priceRub: 79 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'CONFLICT', message: `A package of ${existing.ucAmount} UC already exists` });
    const other = await createDenomination();
    expect((await app.asAdmin('PUT', `${BASE}/${other.id}`, { ucAmount: existing.ucAmount })).status).toBe(409);
    expect((await app.asAdmin('PUT', `${BASE}/${other.id}`, { priceRub: 0.123 })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { active: true })).status).toBe(404);
    expect(await auditCount(app)).toBe(audits + 1);
    expect((await app.asAdmin('GET', `${BASE}/${other.id}`)).body.ucAmount).toBe(other.ucAmount);
  });

  it('deletes a package together with its codes', async () => {
    const pkg = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, codes: 4 });
    const response = await app.asAdmin('DELETE', `${BASE}/${pkg.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: pkg.id, ucAmount: pkg.ucAmount, availableCodes: 4 });
    expect(await app.db('game_denominations').where({ id: pkg.id }).first()).toBeUndefined();
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id })).toEqual([]);
    expect((await auditRowsOf(app, 'pubg_denomination', pkg.id)).at(-1)).toMatchObject({
      action: 'pubg_denomination.delete',
      before: expect.objectContaining({ id: pkg.id, deletedCodes: 4 }),
      after: null,
    });
    expect((await app.asAdmin('DELETE', `${BASE}/${pkg.id}`)).status).toBe(404);
  });

  it('refuses to delete a package while one of its codes is held, used or rejected in an order (409)', async () => {
    for (const status of ['reserved', 'used', 'error'] as const) {
      const pkg = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, codes: 3 });
      await app.fixtures.pubgCodesInOrder(app.shopper.id, [pkg.codeIds[0]!], status);
      const audits = await auditCount(app);
      const response = await app.asAdmin('DELETE', `${BASE}/${pkg.id}`);
      expect({ status, answer: response.status }).toEqual({ status, answer: 409 });
      expect(response.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('1 code(s) of this package') });
      expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id })).toHaveLength(3);
      expect(await auditCount(app)).toBe(audits);
    }
  });
});
