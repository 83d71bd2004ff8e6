import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();
let crypto: ReturnType<typeof createCodeCrypto>;

beforeAll(async () => {
  crypto = createCodeCrypto(app.config.codesKey);
});

const BASE = '/api/pubg-admin/codes';
let counter = 0;
const newCode = () => `UC${Date.now().toString(36).toUpperCase()}X${String(++counter).padStart(5, '0')}`;
const packageOf = (codes: number | string[] = 0) => app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821, codes });

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const pkg = await packageOf(1);
    const codeId = pkg.codeIds[0]!;
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${codeId}` },
      { method: 'POST', path: BASE, body: { denominationId: pkg.id, code: 'UC-1' } },
      { method: 'PUT', path: `${BASE}/${codeId}`, body: { denominationId: pkg.id } },
      { method: 'DELETE', path: `${BASE}/${codeId}` },
      { method: 'POST', path: `${BASE}/bulk`, body: { denominationId: pkg.id, codes: 'UC-2' } },
      { method: 'POST', path: `${BASE}/sell-as-codes`, body: { denominationId: pkg.id, productId: 1 } },
    ]);
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id })).toHaveLength(1);
  });
});

describe('GET /api/pubg-admin/codes', () => {
  it('lists codes masked with their package, filtered, sorted and paged', async () => {
    const known = newCode();
    const pkg = await packageOf([known, newCode(), newCode()]);
    const other = await packageOf(2);
    await app.fixtures.pubgCodesInOrder(app.shopper.id, [pkg.codeIds[2]!], 'error');

    const response = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'], range: [0, 1], filter: { denominationId: pkg.id } }));
    expect(response.status).toBe(200);
    expect(contentRange(response.headers)).toEqual({ resource: 'codes', start: 0, end: 1, total: 3 });
    expect(response.body[0]).toEqual({
      id: pkg.codeIds[0],
      denominationId: pkg.id,
      code: `UC${known.slice(2, 3)}••••••${known.slice(-4)}`,
      ucAmount: pkg.ucAmount,
      priceUsd: 0.99,
      priceRub: 78.21,
      status: 'available',
      errorMessage: null,
      created: expect.any(String),
      denomination: { id: pkg.id, ucAmount: pkg.ucAmount },
    });
    expect(JSON.stringify(response.body)).not.toContain(known);

    const errors = await app.asAdmin('GET', listPath(BASE, { filter: { status: 'error' } }));
    expect(errors.body).toEqual([expect.objectContaining({ id: pkg.codeIds[2], errorMessage: 'The game rejected the code' })]);
    const exact = await app.asAdmin('GET', listPath(BASE, { filter: { q: known } }));
    expect(exact.body.map((row: any) => row.id)).toEqual([pkg.codeIds[0]]);
    const byIds = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'DESC'], filter: { id: other.codeIds } }));
    expect(byIds.body.map((row: any) => row.id)).toEqual([...other.codeIds].reverse());

    for (const params of [{ sort: ['code', 'ASC'] }, { filter: { status: 'lost' } }, { filter: { productId: 1 } }]) {
      expect((await app.asAdmin('GET', listPath(BASE, params))).status).toBe(400);
    }
  });
});

describe('one code', () => {
  it('creates a code stored encrypted and audited masked; 409 for a stored code, 400 for bad input', async () => {
    const pkg = await packageOf();
    const code = newCode();
    const created = await app.asAdmin('POST', BASE, { denominationId: pkg.id, code: ` ${code} ` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ denominationId: pkg.id, code: `UC${code.slice(2, 3)}••••••${code.slice(-4)}`, status: 'available' });
    const row = await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ number: created.body.id }).first();
    expect(crypto.decrypt(row.code_encrypted)).toBe(code);
    expect(row.code_hash).toBe(crypto.hash(code));
    const [audit] = await auditRowsOf(app, 'pubg_code', created.body.id);
    expect(audit).toMatchObject({ action: 'pubg_code.create', before: null, after: created.body });
    expect((await app.asAdmin('GET', `${BASE}/${created.body.id}`)).body).toEqual(created.body);

    const audits = await auditCount(app);
    const duplicate = await app.asAdmin('POST', BASE, { denominationId: pkg.id, code });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'CONFLICT', message: 'This code is already stored' });
    for (const body of [
      { denominationId: 999999, code: newCode() },
      { denominationId: pkg.id, code: '' },
      { denominationId: pkg.id, code: 'TWO CODES' },
      { denominationId: pkg.id },
      { denominationId: pkg.id, code: newCode(), status: 'used' },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id })).toHaveLength(1);
    expect(await auditCount(app)).toBe(audits);
    expect((await app.asAdmin('GET', `${BASE}/99999999`)).status).toBe(404);
  });

  it('moves an available code to another package, and refuses to touch one in an order (409)', async () => {
    const from = await packageOf(2);
    const to = await packageOf();
    const loaded = (await app.asAdmin('GET', `${BASE}/${from.codeIds[0]}`)).body;
    const moved = await app.asAdmin('PUT', `${BASE}/${from.codeIds[0]}`, { ...loaded, denominationId: to.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ denominationId: to.id, ucAmount: to.ucAmount, code: loaded.code });
    expect((await auditRowsOf(app, 'pubg_code', from.codeIds[0]!)).at(-1)).toMatchObject({
      action: 'pubg_code.update',
      before: expect.objectContaining({ denominationId: from.id }),
      after: expect.objectContaining({ denominationId: to.id }),
    });
    expect((await app.asAdmin('PUT', `${BASE}/${from.codeIds[0]}`, { denominationId: 999999 })).status).toBe(400);

    await app.fixtures.pubgCodesInOrder(app.shopper.id, [from.codeIds[1]!], 'used');
    const audits = await auditCount(app);
    const change = await app.asAdmin('PUT', `${BASE}/${from.codeIds[1]}`, { denominationId: to.id });
    expect(change.status).toBe(409);
    expect(change.body.error.message).toBe('This code is used, so it can no longer be changed');
    const remove = await app.asAdmin('DELETE', `${BASE}/${from.codeIds[1]}`);
    expect(remove.status).toBe(409);
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ number: from.codeIds[1] }).first('denomination_id')).toEqual({ denomination_id: from.id });
    expect(await auditCount(app)).toBe(audits);
  });

  it('deletes an available code', async () => {
    const pkg = await packageOf(1);
    const response = await app.asAdmin('DELETE', `${BASE}/${pkg.codeIds[0]}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: pkg.codeIds[0], status: 'available' });
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ number: pkg.codeIds[0] }).first()).toBeUndefined();
    expect((await auditRowsOf(app, 'pubg_code', pkg.codeIds[0]!)).at(-1)).toMatchObject({ action: 'pubg_code.delete', after: null });
  });
});

describe('POST /api/pubg-admin/codes/bulk', () => {
  it('takes one code a line and reports malformed and duplicate lines by number', async () => {
    const stored = newCode();
    const pkg = await packageOf([stored]);
    const [a, b] = [newCode(), newCode()];
    const response = await app.asAdmin('POST', `${BASE}/bulk`, {
      denominationId: pkg.id,
      codes: [a, '', stored, `${a}`, 'TWO CODES', b, `${a},5`].join('\n'),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      added: 2,
      rejectedCount: 4,
      rejected: [
        { line: 3, reason: 'duplicate', message: 'This code is already stored' },
        { line: 4, reason: 'duplicate', message: 'The same code is on line 1' },
        { line: 5, reason: 'malformed', message: expect.stringContaining('one code') },
        { line: 7, reason: 'malformed', message: expect.stringContaining('one code') },
      ],
    });
    const codes = await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id }).orderBy('number');
    expect(codes.map((row) => crypto.decrypt(row.code_encrypted))).toEqual([stored, a, b]);
    const audit = await app.db('audit_log').where({ action: 'pubg_code.bulk_add' }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({ actor_id: app.admin.id, after: { denominationId: pkg.id, form: 'json', added: 2, rejectedCount: 4 } });

    // The package now has stock for top-ups.
    const listed = await app.asAdmin('GET', `/api/pubg-admin/denominations/${pkg.id}`);
    expect(listed.body.availableCodes).toBe(3);
  });

  it('takes the streamed text/plain form too, and refuses an unknown package', async () => {
    const pkg = await packageOf();
    const codes = Array.from({ length: 2500 }, () => newCode());
    const response = await app.request('POST', `${BASE}/bulk?denominationId=${pkg.id}`, {
      rawBody: codes.join('\n'),
      headers: { 'content-type': 'text/plain' },
      token: app.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ added: 2500, rejected: [], rejectedCount: 0 });

    const audits = await auditCount(app);
    expect((await app.asAdmin('POST', `${BASE}/bulk`, { denominationId: 999999, codes: newCode() })).status).toBe(400);
    expect((await app.asAdmin('POST', `${BASE}/bulk`, { denominationId: pkg.id })).status).toBe(400);
    expect(await auditCount(app)).toBe(audits);
  });
});

describe('POST /api/pubg-admin/codes/sell-as-codes', () => {
  it("puts a package's available codes on sale as a gift-code product's codes, at the package's amount and prices", async () => {
    const [kept, held, twin] = [newCode(), newCode(), newCode()];
    const pkg = await packageOf([newCode(), newCode(), kept, held, twin]);
    await app.fixtures.pubgCodesInOrder(app.shopper.id, [pkg.codeIds[3]!], 'reserved');
    const product = await app.fixtures.product({ title: 'PUBG Mobile UC (code)', game_currency: 'UC' });
    // The product already sells this one as a code of its own: it stays a PUBG code.
    await app.db('stock_codes').insert({
      source: 'manual', product_id: product.id, code_encrypted: crypto.encrypt(twin), code_hash: crypto.hash(twin),
      game_amount: 1, price_usd: 100, price_rub: 100,
    });
    const audits = await auditCount(app);

    const response = await app.asAdmin('POST', `${BASE}/sell-as-codes`, { denominationId: pkg.id, productId: product.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ moved: 3, skipped: 1 });

    const options = await app.request('GET', `/api/products/${product.id}/codes/0`);
    expect(options.body).toContainEqual({ game_amount: pkg.ucAmount, price_usd: 0.99, price_rub: 78.21, available_count: 3 });
    const left = await app.db('stock_codes').where({ source: 'pubg_redemption', denomination_id: pkg.id }).orderBy('number').select('number', 'status');
    expect(left).toEqual([
      { number: pkg.codeIds[3], status: 'reserved' },
      { number: pkg.codeIds[4], status: 'available' },
    ]);
    const moved = await app.db('stock_codes').where({ source: 'manual', product_id: product.id, game_amount: pkg.ucAmount });
    expect(moved.map((code) => crypto.decrypt(code.code_encrypted))).toContain(kept);
    expect(moved.every((code) => code.region_id === null && code.denomination_id === null)).toBe(true);
    expect(await auditCount(app)).toBe(audits + 1);
    const [audit] = await app.db('audit_log').where({ entity: 'pubg_code', action: 'pubg_code.sell_as_codes' }).orderBy('id', 'desc').limit(1);
    expect(audit.after).toEqual({ denominationId: pkg.id, productId: product.id, moved: 3, skipped: 1 });

    const again = await app.asAdmin('POST', `${BASE}/sell-as-codes`, { denominationId: pkg.id, productId: product.id });
    expect(again.body).toEqual({ moved: 0, skipped: 1 });
  });

  it("refuses a game's page, an unknown package or product, and changes nothing", async () => {
    const pkg = await packageOf(2);
    const product = await app.fixtures.product();
    const [freefire] = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'freefire').select('p.id');
    const refusals = [
      [{ denominationId: pkg.id, productId: freefire.id }, 400, 'VALIDATION_FAILED'],
      [{ denominationId: 2_000_000_000, productId: product.id }, 404, 'NOT_FOUND'],
      [{ denominationId: pkg.id, productId: 2_000_000_000 }, 404, 'NOT_FOUND'],
      [{ denominationId: pkg.id, productId: product.id, region: 1 }, 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const response = await app.asAdmin('POST', `${BASE}/sell-as-codes`, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status, code });
    }
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption', denomination_id: pkg.id, status: 'available' })).toHaveLength(2);
  });
});
