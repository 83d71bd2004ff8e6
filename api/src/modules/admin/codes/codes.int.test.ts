import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { createCodeCrypto } from '@topup/server-kit';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';
import { createCatalogueChanges } from '../../catalogue/catalogue-changes';
import { createAdminCodesService } from './codes.service';

const app = startAdminTestApp();
let crypto: ReturnType<typeof createCodeCrypto>;

beforeAll(async () => {
  crypto = createCodeCrypto(app.config.codesKey);
});

const BASE = '/api/admin/codes';
let codeCounter = 0;
const newCode = () => `ADM-${Date.now().toString(36).toUpperCase()}-${String(++codeCounter).padStart(5, '0')}`;

/** A product selling global codes and codes of one region. */
async function regionalProduct() {
  const product = await app.fixtures.product({ has_regions: true, has_global_codes: true, title: 'Orbit Card' });
  const region = await app.fixtures.region({ name: 'Turkey' });
  await app.fixtures.linkRegion(product.id, region.id);
  return { product, region };
}

const codeCount = async (productId: number) =>
  Number((await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: productId }).count<Array<{ count: number }>>({ count: '*' }))[0]?.count);

/** Sends a text/plain body as a stream (chunked, no Content-Length), a few lines at a time. */
async function streamLines(path: string, lines: string[], token = app.admin.token) {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= lines.length) {
        controller.close();
        return;
      }
      const chunk = lines.slice(index, index + 5000).join('\n') + '\n';
      index += 5000;
      controller.enqueue(encoder.encode(chunk));
    },
  });
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=utf-8' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as any };
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const { product } = await regionalProduct();
    const [codeId] = await app.fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 1 });
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${codeId}` },
      { method: 'POST', path: BASE, body: { productId: product.id, code: 'X1', priceUsd: 1, priceRub: 79, gameAmount: 1 } },
      { method: 'PUT', path: `${BASE}/${codeId}`, body: { priceUsd: 0 } },
      { method: 'DELETE', path: `${BASE}/${codeId}` },
      { method: 'POST', path: `${BASE}/bulk`, body: { productId: product.id, codes: 'A1, 1, 79, 1' } },
    ]);
    const streamed = await app.request('POST', `${BASE}/bulk?productId=${product.id}`, {
      rawBody: 'A2, 1, 79, 1',
      headers: { 'content-type': 'text/plain' },
      token: app.shopper.token,
    });
    expect(streamed.status).toBe(403);
    expect(await codeCount(product.id)).toBe(1);
  });
});

describe('GET /api/admin/codes', () => {
  it('lists codes masked, with product and region, filtered, sorted and paged', async () => {
    const { product, region } = await regionalProduct();
    const other = await app.fixtures.product();
    const globalCode = newCode();
    const created = await app.asAdmin('POST', BASE, { productId: product.id, code: globalCode, priceUsd: 4.99, priceRub: 394.21, gameAmount: 5 });
    expect(created.status).toBe(201);
    const regional = await app.asAdmin('POST', BASE, {
      productId: product.id,
      regionId: region.id,
      code: newCode(),
      priceUsd: 9.99,
      priceRub: 789.21,
      gameAmount: 10,
      popular: true,
    });
    await app.fixtures.codes({ productId: product.id, gameAmount: 20, priceUsd: 1999, priceRub: 157_921, count: 2, status: 'used' });
    await app.fixtures.codes({ productId: other.id, gameAmount: 1, priceUsd: 100, priceRub: 7900, count: 1 });

    const all = await app.asAdmin('GET', listPath(BASE, { sort: ['priceUsd', 'ASC'], range: [0, 9], filter: { productId: product.id } }));
    expect(all.status).toBe(200);
    expect(contentRange(all.headers)).toEqual({ resource: 'codes', start: 0, end: 3, total: 4 });
    expect(all.body[0]).toEqual({
      id: created.body.id,
      productId: product.id,
      productTitle: 'Orbit Card',
      regionId: null,
      regionName: null,
      code: `ADM••••••${globalCode.slice(-4)}`,
      gameAmount: 5,
      priceUsd: 4.99,
      priceRub: 394.21,
      status: 'available',
      popular: false,
      orderId: null,
      soldAt: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(all.body)).not.toContain(globalCode);

    const paged = await app.asAdmin('GET', listPath(BASE, { sort: ['priceUsd', 'DESC'], range: [1, 2], filter: { productId: product.id } }));
    expect(paged.body.map((row: any) => row.priceUsd)).toEqual([19.99, 9.99]);
    expect(contentRange(paged.headers)).toEqual({ resource: 'codes', start: 1, end: 2, total: 4 });

    const inRegion = await app.asAdmin('GET', listPath(BASE, { filter: { productId: product.id, regionId: region.id } }));
    expect(inRegion.body).toEqual([expect.objectContaining({ id: regional.body.id, regionName: 'Turkey', popular: true })]);
    const global = await app.asAdmin('GET', listPath(BASE, { filter: { productId: product.id, regionId: 0 } }));
    expect(global.body.map((row: any) => row.regionId)).toEqual([null, null, null]);
    const used = await app.asAdmin('GET', listPath(BASE, { filter: { productId: product.id, status: 'used' } }));
    expect(used.body).toHaveLength(2);
    expect(used.body[0]).toMatchObject({ status: 'used', orderId: expect.any(Number), soldAt: expect.any(String) });

    // q finds one exact code, whatever the product, and nothing for a partial code.
    const exact = await app.asAdmin('GET', listPath(BASE, { filter: { q: ` ${globalCode} ` } }));
    expect(exact.body.map((row: any) => row.id)).toEqual([created.body.id]);
    const partial = await app.asAdmin('GET', listPath(BASE, { filter: { q: globalCode.slice(0, 6) } }));
    expect(partial.body).toEqual([]);

    const many = await app.asAdmin('GET', listPath(BASE, { filter: { id: [created.body.id, regional.body.id] } }));
    expect(many.body.map((row: any) => row.id).sort()).toEqual([created.body.id, regional.body.id].sort());
  });

  it('lists the demo store’s codes, every one readable and masked', async () => {
    await app.seedDemoData();
    const response = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'], range: [0, 999], filter: { status: 'available' } }));
    expect(response.status).toBe(200);
    expect(contentRange(response.headers).total).toBeGreaterThan(0);
    expect(response.body.filter((row: any) => !/^\S{3}••••••\S{4}$/.test(row.code))).toEqual([]);
    expect(JSON.stringify(response.body)).not.toContain('DEMO-');
  });

  it('refuses an unknown sort or filter field and bad filter values', async () => {
    for (const params of [
      { sort: ['code', 'ASC'] },
      { filter: { productTitle: 'x' } },
      { filter: { status: 'lost' } },
      { filter: { productId: 'abc' } },
      { filter: { regionId: -1 } },
      { filter: { q: { code: 1 } } },
    ]) {
      const response = await app.asAdmin('GET', listPath(BASE, params));
      expect({ params, status: response.status }).toEqual({ params, status: 400 });
    }
  });
});

describe('single codes', () => {
  it('gets one code, masked; 404 when unknown', async () => {
    const { product } = await regionalProduct();
    const code = newCode();
    const created = await app.asAdmin('POST', BASE, { productId: product.id, code, priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const response = await app.asAdmin('GET', `${BASE}/${created.body.id}`);
    expect(response.body).toEqual(created.body);
    expect(response.body.code).toBe(`ADM••••••${code.slice(-4)}`);
    expect((await app.asAdmin('GET', `${BASE}/99999999`)).status).toBe(404);
  });

  it('creates a code stored encrypted, audits it masked, and offers it to shoppers', async () => {
    const { product, region } = await regionalProduct();
    const code = newCode();
    const response = await app.asAdmin('POST', BASE, {
      productId: product.id,
      regionId: region.id,
      code: `  ${code} `,
      priceUsd: 2.5,
      priceRub: 197.5,
      gameAmount: 25,
    });
    expect(response.status).toBe(201);
    const row = await app.db('stock_codes').where({ source: 'manual' }).where({ number: response.body.id }).first();
    expect(row).toMatchObject({ region_id: region.id, price_usd: 250, price_rub: 19_750, game_amount: 25, status: 'available' });
    expect(row.code_encrypted).not.toContain(code);
    expect(crypto.decrypt(row.code_encrypted)).toBe(code);
    expect(row.code_hash).toBe(crypto.hash(code));

    const [audit] = await auditRowsOf(app, 'code', response.body.id);
    expect(audit).toMatchObject({ action: 'code.create', actor_id: app.admin.id, before: null, after: response.body });
    expect(JSON.stringify(audit.after)).not.toContain(code);

    const options = await app.request('GET', `/api/products/${product.id}/codes/${region.id}`);
    expect(options.body).toEqual([{ game_amount: 25, price_usd: 2.5, price_rub: 197.5, available_count: 1 }]);
  });

  it('refuses bad input with 400 and a stored code with 409, writing nothing', async () => {
    const { product, region } = await regionalProduct();
    const regionalOnly = await app.fixtures.product({ has_regions: true, has_global_codes: false });
    const existing = newCode();
    await app.asAdmin('POST', BASE, { productId: product.id, code: existing, priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const unlinked = await app.fixtures.region();
    const count = await codeCount(product.id);
    const audits = await auditCount(app);
    const valid = { productId: product.id, code: newCode(), priceUsd: 1, priceRub: 79, gameAmount: 1 };

    for (const body of [
      { ...valid, priceUsd: 1.999 },
      { ...valid, priceRub: -1 },
      { ...valid, gameAmount: 0 },
      { ...valid, gameAmount: 1.5 },
      { ...valid, code: '   ' },
      { ...valid, code: 'x'.repeat(256) },
      { ...valid, productId: 99999999 },
      { ...valid, regionId: unlinked.id },
      { ...valid, productId: regionalOnly.id },
      { ...valid, status: 'used' },
      { productId: product.id, code: newCode(), priceUsd: 1, priceRub: 79 },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const duplicate = await app.asAdmin('POST', BASE, { ...valid, code: ` ${existing}`, regionId: region.id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'CONFLICT', message: 'This code is already stored' });
    expect(await codeCount(product.id)).toBe(count);
    expect(await auditCount(app)).toBe(audits);
  });

  it('updates the prices, amount, popular flag and region of an available code', async () => {
    const { product, region } = await regionalProduct();
    const created = await app.asAdmin('POST', BASE, { productId: product.id, code: newCode(), priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const response = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, {
      ...created.body,
      priceUsd: 3.5,
      priceRub: 276.5,
      gameAmount: 3,
      popular: true,
      regionId: region.id,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      priceUsd: 3.5,
      priceRub: 276.5,
      gameAmount: 3,
      popular: true,
      regionId: region.id,
      regionName: 'Turkey',
    });
    const audits = await auditRowsOf(app, 'code', created.body.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'code.update',
      before: expect.objectContaining({ priceUsd: 1, regionId: null }),
      after: expect.objectContaining({ priceUsd: 3.5, regionId: region.id }),
    });
    const popular = await app.request('GET', `/api/products/${product.id}/popular/${region.id}`);
    expect(popular.body).toEqual([{ game_amount: 3, price_usd: 3.5, price_rub: 276.5, available_count: 1 }]);

    const backToGlobal = await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { regionId: 0 });
    expect(backToGlobal.body).toMatchObject({ regionId: null, priceUsd: 3.5 });
    expect((await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { priceUsd: 0.001 })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/${created.body.id}`, { colour: 'red' })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/99999999`, { priceUsd: 1 })).status).toBe(404);
  });

  it('refuses to change or delete a sold code (409), and deletes an available one', async () => {
    const { product } = await regionalProduct();
    const [soldId] = await app.fixtures.codes({ productId: product.id, gameAmount: 1, priceUsd: 100, priceRub: 7900, count: 1, status: 'used' });
    const audits = await auditCount(app);
    const change = await app.asAdmin('PUT', `${BASE}/${soldId}`, { priceUsd: 0 });
    expect(change.status).toBe(409);
    expect(change.body.error).toMatchObject({ code: 'CONFLICT', message: 'This code is sold, so it can no longer be changed' });
    const remove = await app.asAdmin('DELETE', `${BASE}/${soldId}`);
    expect(remove.status).toBe(409);
    expect(remove.body.error.message).toBe('This code is sold, so it cannot be deleted');
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ number: soldId }).first('price_usd')).toEqual({ price_usd: 100 });
    expect(await auditCount(app)).toBe(audits);

    const created = await app.asAdmin('POST', BASE, { productId: product.id, code: newCode(), priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const deleted = await app.asAdmin('DELETE', `${BASE}/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(created.body);
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ number: created.body.id }).first()).toBeUndefined();
    expect((await auditRowsOf(app, 'code', created.body.id)).at(-1)).toMatchObject({ action: 'code.delete', after: null });
  });
});

describe('POST /api/admin/codes/bulk', () => {
  it('takes good lines and reports malformed and duplicate ones by line number', async () => {
    const { product, region } = await regionalProduct();
    const stored = newCode();
    await app.asAdmin('POST', BASE, { productId: product.id, code: stored, priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const [a, b, c] = [newCode(), newCode(), newCode()];
    const lines = [
      `${a}, 4.99, 394.21, 100`, // 1 ok
      '', // 2 blank: skipped
      `${b},4.99,394.21,100`, // 3 ok
      `${stored}, 4.99, 394.21, 100`, // 4 already stored
      `${a}, 9.99, 789.21, 200`, // 5 repeats line 1
      'ONLY-TWO, 4.99', // 6 wrong field count
      `${newCode()}, 4.999, 394.21, 100`, // 7 three decimals
      `${newCode()}, abc, 394.21, 100`, // 8 not a number
      `${newCode()}, 4.99, 394.21, 0`, // 9 non-positive amount
      `${newCode()}, 4.99, 394.21, -5`, // 10 negative amount
      ', 4.99, 394.21, 100', // 11 empty code
      `${'X'.repeat(256)}, 4.99, 394.21, 100`, // 12 code too long
      `${newCode()}, -1, 394.21, 100`, // 13 negative price
      `   ${c}  ,  1  , 79 , 1   `, // 14 ok, spaces around fields
      '   ', // 15 blank
    ];
    const response = await app.asAdmin('POST', `${BASE}/bulk`, { productId: product.id, regionId: region.id, codes: lines.join('\r\n') });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      added: 3,
      rejectedCount: 10,
      rejected: [
        { line: 4, reason: 'duplicate', message: 'This code is already stored' },
        { line: 5, reason: 'duplicate', message: 'The same code is on line 1' },
        { line: 6, reason: 'malformed', message: expect.stringContaining('Expected 4 comma-separated fields') },
        { line: 7, reason: 'malformed', message: expect.stringContaining('more than 2 decimal places') },
        { line: 8, reason: 'malformed', message: expect.stringContaining('is not a number') },
        { line: 9, reason: 'malformed', message: expect.stringContaining('whole number above 0') },
        { line: 10, reason: 'malformed', message: expect.stringContaining('whole number above 0') },
        { line: 11, reason: 'malformed', message: 'The code is empty' },
        { line: 12, reason: 'malformed', message: 'The code is longer than 255 characters' },
        { line: 13, reason: 'malformed', message: expect.stringContaining('is not a number') },
      ],
    });
    const rows = await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id, region_id: region.id }).orderBy('number');
    expect(rows.map((row) => crypto.decrypt(row.code_encrypted))).toEqual([a, b, c]);
    expect(rows.map((row) => [row.price_usd, row.price_rub, row.game_amount])).toEqual([
      [499, 39_421, 100],
      [499, 39_421, 100],
      [100, 7900, 1],
    ]);

    const audit = await app.db('audit_log').where({ action: 'code.bulk_add', actor_id: app.admin.id }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({
      entity: 'code',
      entity_id: null,
      before: null,
      after: { productId: product.id, regionId: region.id, form: 'json', added: 3, rejectedCount: 10 },
    });

    const options = await app.request('GET', `/api/products/${product.id}/codes/${region.id}`);
    expect(options.body).toEqual([
      { game_amount: 1, price_usd: 1, price_rub: 79, available_count: 1 },
      { game_amount: 100, price_usd: 4.99, price_rub: 394.21, available_count: 2 },
    ]);
  });

  it('refuses a bad target before taking any line', async () => {
    const { product } = await regionalProduct();
    const regionalOnly = await app.fixtures.product({ has_regions: true, has_global_codes: false });
    const audits = await auditCount(app);
    for (const body of [
      { productId: 99999999, codes: `${newCode()}, 1, 79, 1` },
      { productId: regionalOnly.id, codes: `${newCode()}, 1, 79, 1` },
      { productId: product.id, regionId: 99999999, codes: `${newCode()}, 1, 79, 1` },
      { productId: product.id },
      { productId: product.id, codes: 'x', extra: 1 },
    ]) {
      expect((await app.asAdmin('POST', `${BASE}/bulk`, body)).status).toBe(400);
    }
    expect(await auditCount(app)).toBe(audits);
  });

  it('answers an empty upload with nothing added', async () => {
    const { product } = await regionalProduct();
    const response = await app.asAdmin('POST', `${BASE}/bulk`, { productId: product.id, codes: '\n\n' });
    expect(response.body).toEqual({ added: 0, rejected: [], rejectedCount: 0 });
  });

  it('lists the first 1000 rejections and counts them all', async () => {
    const { product } = await regionalProduct();
    const lines = Array.from({ length: 1500 }, (_, index) => (index === 700 ? `${newCode()}, 1, 79, 1` : `bad line ${index}`));
    const response = await app.asAdmin('POST', `${BASE}/bulk`, { productId: product.id, codes: lines.join('\n') });
    expect(response.body.added).toBe(1);
    expect(response.body.rejectedCount).toBe(1499);
    expect(response.body.rejected).toHaveLength(1000);
    expect(response.body.rejected[0].line).toBe(1);
    expect(response.body.rejected[999].line).toBe(1001);
  });

  it('streams a text/plain upload of 100 000 lines into stock shoppers are offered', async () => {
    const { product, region } = await regionalProduct();
    const prefix = `BULK-${Date.now().toString(36).toUpperCase()}`;
    const lines = Array.from({ length: 100_000 }, (_, index) => `${prefix}-${String(index).padStart(6, '0')}, 0.99, 78.21, 60`);
    // Three lines the import must refuse, in among the others.
    lines.push('', `${prefix}-000042, 0.99, 78.21, 60`, 'broken line');

    const started = performance.now();
    const response = await streamLines(`${BASE}/bulk?productId=${product.id}&regionId=${region.id}`, lines);
    const seconds = (performance.now() - started) / 1000;
    console.warn(`bulk import of 100 000 streamed lines: ${seconds.toFixed(1)} s`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      added: 100_000,
      rejectedCount: 2,
      rejected: [
        { line: 100_002, reason: 'duplicate', message: 'The same code is on line 43' },
        { line: 100_003, reason: 'malformed', message: expect.stringContaining('Expected 4') },
      ],
    });
    expect(seconds).toBeLessThan(60);

    const options = await app.request('GET', `/api/products/${product.id}/codes/${region.id}`);
    expect(options.body).toEqual([{ game_amount: 60, price_usd: 0.99, price_rub: 78.21, available_count: 100_000 }]);
    const audit = await app.db('audit_log').where({ action: 'code.bulk_add' }).orderBy('id', 'desc').first();
    expect(audit.after).toEqual({ productId: product.id, regionId: region.id, form: 'stream', added: 100_000, rejectedCount: 2 });

    // Loading the same file again adds nothing: every code is already stored.
    const again = await app.request('POST', `${BASE}/bulk?productId=${product.id}&regionId=${region.id}`, {
      rawBody: lines.slice(0, 3).join('\n'),
      headers: { 'content-type': 'text/plain' },
      token: app.admin.token,
    });
    expect(again.body).toMatchObject({ added: 0, rejectedCount: 3 });
  }, 90_000);

  it('checks the streamed form’s query and refuses a declared size above 10 MB with 413', async () => {
    const { product } = await regionalProduct();
    const plain = { 'content-type': 'text/plain' };
    const unknownParam = await app.request('POST', `${BASE}/bulk?productId=${product.id}&colour=red`, {
      rawBody: `${newCode()}, 1, 79, 1`,
      headers: plain,
      token: app.admin.token,
    });
    expect(unknownParam.status).toBe(400);
    const noProduct = await app.request('POST', `${BASE}/bulk`, { rawBody: `${newCode()}, 1, 79, 1`, headers: plain, token: app.admin.token });
    expect(noProduct.status).toBe(400);

    const tooLarge = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(`${app.baseUrl}${BASE}/bulk?productId=${product.id}`);
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${app.admin.token}`, 'content-type': 'text/plain', 'content-length': '10000001' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
          });
        },
      );
      request.on('error', reject);
      // A few bytes only: the declared size alone decides.
      request.write(`${newCode()}, 1, 79, 1\n`);
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await codeCount(product.id)).toBe(0);
  });

  it('keeps nothing of an upload cut short: codes and audit row commit together', async () => {
    const { product } = await regionalProduct();
    const audits = await auditCount(app);
    async function* cutShort() {
      for (let number = 1; number <= 2500; number++) yield { number, text: `${newCode()}, 1, 79, 1` };
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
    }
    const service = createAdminCodesService({ db: app.db, codeCrypto: crypto, catalogueChanges: createCatalogueChanges(app.invalidations) });
    const upload = service.bulkAdd({ userId: app.admin.id, requestId: 'cut-short-upload' }, { productId: product.id }, cutShort(), 'stream');
    await expect(upload).rejects.toMatchObject({ status: 413 });
    expect(await codeCount(product.id)).toBe(0);
    expect(await auditCount(app)).toBe(audits);
  });

  it('imports nothing of an upload the client abandons midway', async () => {
    const { product } = await regionalProduct();
    const audits = await auditCount(app);
    const lines = Array.from({ length: 2500 }, () => `${newCode()}, 1, 79, 1`);
    await new Promise<void>((resolve) => {
      const request = httpRequest(new URL(`${app.baseUrl}${BASE}/bulk?productId=${product.id}`), {
        method: 'POST',
        headers: { authorization: `Bearer ${app.admin.token}`, 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      });
      request.on('error', () => resolve());
      // Every line sent, but the upload never ends: the connection drops instead.
      request.write(`${lines.join('\n')}\n`, () => setTimeout(() => request.destroy(), 300));
    });
    // Loading the same codes again waits for the abandoned import to end; all of them are new, so
    // it rolled back rather than committed.
    const again = await app.asAdmin('POST', `${BASE}/bulk`, { productId: product.id, codes: lines.join('\n') });
    expect(again.body).toEqual({ added: 2500, rejected: [], rejectedCount: 0 });
    expect(await auditCount(app)).toBe(audits + 1);
  });

  it('refuses a body that is neither JSON nor text/plain', async () => {
    const { product } = await regionalProduct();
    const response = await app.request('POST', `${BASE}/bulk?productId=${product.id}`, {
      rawBody: 'codes=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: app.admin.token,
    });
    expect(response.status).toBe(415);
  });
});
