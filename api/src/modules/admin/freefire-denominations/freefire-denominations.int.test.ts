import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, distinctRandomIntegers, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/freefire-admin/denominations';
// Above the 24-bit range the fixtures draw from, so the two never collide.
const newItemId = distinctRandomIntegers(20_000_000, 2_000_000_000);

const offerBody = (fields: Record<string, unknown> = {}) => ({
  name: '100 Diamonds',
  item_id: newItemId(),
  price: 0.99,
  price_rub: 78.21,
  game_amount: 100,
  ...fields,
});

async function createOffer(fields: Record<string, unknown> = {}) {
  const response = await app.asAdmin('POST', BASE, offerBody(fields));
  expect(response.status).toBe(201);
  return response.body;
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const offer = await createOffer();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${offer.id}` },
      { method: 'POST', path: BASE, body: offerBody() },
      { method: 'PUT', path: `${BASE}/${offer.id}`, body: { is_active: false } },
      { method: 'DELETE', path: `${BASE}/${offer.id}` },
    ]);
  });
});

describe('GET /api/freefire-admin/denominations', () => {
  it('pages, sorts and filters with Content-Range, in the specification’s field names', async () => {
    const tag = `Gems${Date.now().toString(36)}`;
    const a = await createOffer({ name: `${tag} small`, game_amount: 100, price: 1 });
    const b = await createOffer({ name: `${tag} large`, game_amount: 1000, price: 9, is_active: false });
    const c = await createOffer({ name: `${tag} medium`, game_amount: 500, price: 5 });

    const sorted = await app.asAdmin('GET', listPath(BASE, { sort: ['price', 'DESC'], range: [0, 1], filter: { q: tag } }));
    expect(sorted.status).toBe(200);
    expect(sorted.body.map((row: any) => row.id)).toEqual([b.id, c.id]);
    expect(contentRange(sorted.headers)).toEqual({ resource: 'denominations', start: 0, end: 1, total: 3 });
    expect(sorted.body[1]).toEqual({
      id: c.id,
      name: `${tag} medium`,
      translations: { en: { name: '' }, uz: { name: '' } },
      item_id: c.item_id,
      price: 5,
      price_rub: 78.21,
      game_amount: 500,
      is_active: true,
      created_at: expect.any(String),
    });
    const active = await app.asAdmin('GET', listPath(BASE, { sort: ['game_amount', 'ASC'], filter: { q: tag, is_active: true } }));
    expect(active.body.map((row: any) => row.id)).toEqual([a.id, c.id]);
    const many = await app.asAdmin('GET', listPath(BASE, { filter: { id: [a.id] } }));
    expect(many.body.map((row: any) => row.id)).toEqual([a.id]);

    for (const params of [{ sort: ['priceUsd', 'ASC'] }, { filter: { isActive: true } }, { filter: { is_active: 'x' } }]) {
      expect((await app.asAdmin('GET', listPath(BASE, params))).status).toBe(400);
    }
  });
});

describe('one offer', () => {
  it('creates, reads, updates and audits, and the storefront offers follow', async () => {
    const body = offerBody({ name: ' 310 Diamonds ', price: 2.99, price_rub: 236.21, game_amount: 310 });
    const created = await app.asAdmin('POST', BASE, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: '310 Diamonds',
      translations: { en: { name: '' }, uz: { name: '' } },
      item_id: body.item_id,
      price: 2.99,
      price_rub: 236.21,
      game_amount: 310,
      is_active: true,
      created_at: expect.any(String),
    });
    expect(await app.db('game_denominations').where({ legacy_id: created.body.id }).first('price_usd', 'price_rub')).toEqual({
      price_usd: 299,
      price_rub: 23_621,
    });
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);
    expect((await app.request('GET', '/api/freefire/offers')).body).toContainEqual(
      expect.objectContaining({ id: created.body.id, item_id: body.item_id, price: 2.99, price_rub: 236.21 }),
    );

    const updated = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { ...created.body, price: 3.49, is_active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ price: 3.49, is_active: false, name: '310 Diamonds' });
    expect((await app.request('GET', '/api/freefire/offers')).body.map((row: any) => row.id)).not.toContain(created.body.id);

    const rows = await auditRowsOf(app, 'freefire_denomination', created.body.id);
    expect(rows.map((row) => row.action)).toEqual(['freefire_denomination.create', 'freefire_denomination.update']);
    expect(rows[1]).toMatchObject({
      actor_id: app.admin.id,
      before: expect.objectContaining({ price: 2.99, is_active: true }),
      after: expect.objectContaining({ price: 3.49, is_active: false }),
    });
    expect((await app.asAdmin('GET', `${BASE}/999999`)).status).toBe(404);
  });

  it('answers "Please fill in all required fields" naming the missing ones, writing nothing', async () => {
    const audits = await auditCount(app);
    const missing = await app.asAdmin('POST', BASE, { name: '  ', price: 1, is_active: true });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please fill in all required fields',
      details: [
        { field: 'name', message: 'is required' },
        { field: 'item_id', message: 'is required' },
        { field: 'price_rub', message: 'is required' },
        { field: 'game_amount', message: 'is required' },
      ],
    });
    const nulls = await app.asAdmin('POST', BASE, offerBody({ price: null }));
    expect(nulls.body.error).toMatchObject({
      message: 'Please fill in all required fields',
      details: [{ field: 'price', message: 'is required' }],
    });

    const offer = await createOffer({ name: 'Kept' });
    const emptied = await app.asAdmin('PUT', `${BASE}/${offer.id}`, { name: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.message).toBe('Please fill in all required fields');

    for (const body of [offerBody({ price: 1.234 }), offerBody({ game_amount: 0 }), offerBody({ item_id: 'abc' }), offerBody({ offer: 1 })]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(await auditCount(app)).toBe(audits + 1);
    expect((await app.asAdmin('GET', `${BASE}/${offer.id}`)).body.name).toBe('Kept');
  });

  it('answers 409 for an item id already used by another offer', async () => {
    const existing = await createOffer();
    const duplicate = await app.asAdmin('POST', BASE, offerBody({ item_id: existing.item_id }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({
      code: 'CONFLICT',
      message: `The item id ${existing.item_id} is already used by another offer`,
    });
    const other = await createOffer();
    expect((await app.asAdmin('PUT', `${BASE}/${other.id}`, { item_id: existing.item_id })).status).toBe(409);
    expect((await app.asAdmin('GET', `${BASE}/${other.id}`)).body.item_id).toBe(other.item_id);
  });

  it('deletes an offer without generated codes, and refuses one with them (409)', async () => {
    const offer = await createOffer();
    const deleted = await app.asAdmin('DELETE', `${BASE}/${offer.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(offer);
    expect((await auditRowsOf(app, 'freefire_denomination', offer.id)).at(-1)).toMatchObject({
      action: 'freefire_denomination.delete',
      before: offer,
      after: null,
    });
    expect((await app.asAdmin('DELETE', `${BASE}/${offer.id}`)).status).toBe(404);

    const product = await app.fixtures.product();
    await app.fixtures.generatedCodes({ productId: product.id, gameAmount: 100, priceUsd: 99, priceRub: 7821, count: 1 });
    const [withCodes] = await app.db('stock_codes').where({ source: 'generated' }).where({ product_id: product.id }).select('denomination_id');
    const audits = await auditCount(app);
    const refused = await app.asAdmin('DELETE', `${BASE}/${withCodes.denomination_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Deactivate it instead') });
    expect(await app.db('game_denominations').where({ legacy_id: withCodes.denomination_id }).first('id')).toBeTruthy();
    expect(await auditCount(app)).toBe(audits);
  });
});
