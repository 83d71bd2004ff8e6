import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/products';
let slugCounter = 0;
const newSlug = () => `admin-product-${Date.now().toString(36)}-${++slugCounter}`;

async function createProduct(fields: Record<string, unknown> = {}) {
  const response = await app.asAdmin('POST', BASE, { slug: newSlug(), title: 'Star Card', category: 'gift_card', ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route', async () => {
    const product = await app.fixtures.product();
    const region = await app.fixtures.region();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${product.id}` },
      { method: 'POST', path: BASE, body: { slug: 'x-y', title: 'X', category: 'topup' } },
      { method: 'PUT', path: `${BASE}/${product.id}`, body: { title: 'Taken over' } },
      { method: 'DELETE', path: `${BASE}/${product.id}` },
      { method: 'GET', path: `${BASE}/${product.id}/regions` },
      { method: 'PUT', path: `${BASE}/${product.id}/regions`, body: { regionIds: [region.id] } },
      { method: 'PUT', path: `${BASE}/${product.id}/regions/${region.id}/currency`, body: { gameCurrency: 'Gold' } },
    ]);
    expect(await app.db('products').where({ id: product.id }).first('title')).toEqual({ title: expect.stringMatching(/^Gift card/) });
  });

  it('leaves the routes of shoppers and visitors open', async () => {
    expect((await app.request('GET', '/api/cart', { token: app.shopper.token })).status).toBe(200);
    expect((await app.request('GET', '/api/orders', { token: app.shopper.token })).status).toBe(200);
    expect((await app.request('GET', '/api/products')).status).toBe(200);
    expect((await app.request('GET', '/api/pubg/packages')).status).toBe(200);
    expect((await app.request('GET', '/api/freefire/offers')).status).toBe(200);
    expect((await app.request('GET', '/api/promotions/active')).status).toBe(200);
  });
});

describe('GET /api/admin/products', () => {
  it('pages, sorts and filters with Content-Range', async () => {
    const tag = `zeta${Date.now().toString(36)}`;
    const a = await createProduct({ title: `${tag} Alpha`, sortOrder: 3, keywords: 'one' });
    const b = await createProduct({ title: `${tag} Beta`, sortOrder: 1, category: 'topup', active: false });
    const c = await createProduct({ title: `${tag} Gamma`, sortOrder: 2, keywords: `${tag}-kw` });

    const all = await app.asAdmin('GET', listPath(BASE, { sort: ['title', 'ASC'], range: [0, 1], filter: { q: tag } }));
    expect(all.status).toBe(200);
    expect(all.body.map((row: any) => row.id)).toEqual([a.id, b.id]);
    expect(contentRange(all.headers)).toEqual({ resource: 'products', start: 0, end: 1, total: 3 });

    const second = await app.asAdmin('GET', listPath(BASE, { sort: ['title', 'ASC'], range: [2, 3], filter: { q: tag } }));
    expect(second.body.map((row: any) => row.id)).toEqual([c.id]);
    expect(contentRange(second.headers)).toEqual({ resource: 'products', start: 2, end: 2, total: 3 });

    const bySort = await app.asAdmin('GET', listPath(BASE, { sort: ['sortOrder', 'DESC'], filter: { q: tag } }));
    expect(bySort.body.map((row: any) => row.id)).toEqual([a.id, c.id, b.id]);

    const topups = await app.asAdmin('GET', listPath(BASE, { filter: { q: tag, category: 'topup' } }));
    expect(topups.body.map((row: any) => row.id)).toEqual([b.id]);
    const active = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'], filter: { q: tag, active: true } }));
    expect(active.body.map((row: any) => row.id)).toEqual([a.id, c.id]);
    const byKeyword = await app.asAdmin('GET', listPath(BASE, { filter: { q: `${tag}-kw` } }));
    expect(byKeyword.body.map((row: any) => row.id)).toEqual([c.id]);
    const many = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'], filter: { id: [c.id, a.id] } }));
    expect(many.body.map((row: any) => row.id)).toEqual([a.id, c.id]);
  });

  it('answers an empty page with a zero total', async () => {
    const response = await app.asAdmin('GET', listPath(BASE, { filter: { q: 'no-product-is-called-this' } }));
    expect(response.body).toEqual([]);
    expect(contentRange(response.headers).total).toBe(0);
  });

  it('refuses an unknown sort or filter field, a bad filter value and a bad range', async () => {
    for (const params of [
      { sort: ['price', 'ASC'] },
      { sort: ['title', 'SIDEWAYS'] },
      { filter: { colour: 'red' } },
      { filter: { active: 'maybe' } },
      { filter: { category: 'food' } },
      { filter: { id: ['x'] } },
      { range: [5, 1] },
      { range: [0, 5000] },
      { filter: '{not json' },
    ]) {
      const response = await app.asAdmin('GET', listPath(BASE, params));
      expect({ params, status: response.status, code: response.body.error?.code }).toEqual({
        params,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await app.asAdmin('GET', `${BASE}?limit=5`)).status).toBe(400);
  });
});

describe('GET /api/admin/products/:id', () => {
  it('answers the record with its regions and stock figures', async () => {
    const product = await app.fixtures.product({ title: 'Figures', has_regions: true, keywords: 'a,b' });
    const region = await app.fixtures.region();
    await app.fixtures.linkRegion(product.id, region.id);
    await app.fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 500, priceRub: 39_500, count: 3 });
    await app.fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 500, priceRub: 39_500, count: 2, status: 'used' });
    await app.fixtures.generatedCodes({ productId: product.id, gameAmount: 5, priceUsd: 100, priceRub: 7900, count: 2 });

    const response = await app.asAdmin('GET', `${BASE}/${product.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: product.id,
      slug: product.slug,
      title: 'Figures',
      description: '',
      imageUrl: '',
      keywords: 'a,b',
      category: 'gift_card',
      gameCurrency: 'USD',
      activationInstructions: '',
      translations: {
        en: { title: '', description: '', keywords: '', activationInstructions: '' },
        uz: { title: '', description: '', keywords: '', activationInstructions: '' },
      },
      hasRegions: true,
      hasGlobalCodes: true,
      active: true,
      sortOrder: 0,
      regionIds: [region.id],
      availableCodes: 5,
      soldCodes: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect((await app.asAdmin('GET', `${BASE}/999999`)).status).toBe(404);
    expect((await app.asAdmin('GET', `${BASE}/abc`)).status).toBe(400);
  });
});

describe('POST /api/admin/products', () => {
  it('creates the product with its regions and audits it', async () => {
    const region = await app.fixtures.region();
    const slug = newSlug();
    const response = await app.asAdmin('POST', BASE, {
      slug,
      title: '  Nova Card ',
      category: 'gift_card',
      description: 'A card',
      imageUrl: 'https://img.example/nova.png',
      keywords: 'nova,card',
      gameCurrency: 'Credits',
      activationInstructions: 'Redeem in the app',
      hasRegions: true,
      hasGlobalCodes: false,
      active: true,
      sortOrder: 7,
      regionIds: [region.id],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      slug,
      title: 'Nova Card',
      gameCurrency: 'Credits',
      hasGlobalCodes: false,
      sortOrder: 7,
      regionIds: [region.id],
      availableCodes: 0,
      soldCodes: 0,
    });
    const [row] = await auditRowsOf(app, 'product', response.body.id);
    expect(row).toMatchObject({
      actor_id: app.admin.id,
      action: 'product.create',
      before: null,
      after: expect.objectContaining({ slug, title: 'Nova Card', regionIds: [region.id] }),
      request_id: response.headers.get('x-request-id'),
    });

    // The storefront shows it at once.
    const shopperView = await app.request('GET', `/api/products/slug/${slug}`);
    expect(shopperView.body).toMatchObject({ title: 'Nova Card', regions: [{ id: region.id, game_currency: 'Credits' }] });
  });

  it('applies the defaults for fields not sent', async () => {
    const product = await createProduct({ category: 'topup' });
    expect(product).toMatchObject({ description: '', keywords: '', hasRegions: false, hasGlobalCodes: true, active: true, regionIds: [] });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await app.db('products').count<Array<{ count: number }>>({ count: '*' });
    const audits = await auditCount(app);
    for (const body of [
      { slug: 'Bad Slug', title: 'X', category: 'gift_card' },
      { slug: 'bad--slug', title: 'X', category: 'gift_card' },
      { slug: '-bad', title: 'X', category: 'gift_card' },
      { slug: newSlug(), title: '   ', category: 'gift_card' },
      { slug: newSlug(), category: 'gift_card' },
      { slug: newSlug(), title: 'X' },
      { title: 'X', category: 'gift_card' },
      { slug: newSlug(), title: 'X', category: 'food' },
      { slug: newSlug(), title: 'X', category: 'gift_card', price: 5 },
      { slug: newSlug(), title: 'X', category: 'gift_card', sortOrder: 1.5 },
      { slug: newSlug(), title: 'X', category: 'gift_card', regionIds: [999999] },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await app.db('products').count<Array<{ count: number }>>({ count: '*' })).toEqual(before);
    expect(await auditCount(app)).toBe(audits);
  });

  it('answers 409 CONFLICT for a slug already in use', async () => {
    const existing = await createProduct();
    const audits = await auditCount(app);
    const response = await app.asAdmin('POST', BASE, { slug: existing.slug, title: 'Copy', category: 'gift_card' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(existing.slug) });
    expect(await app.db('products').where({ slug: existing.slug }).count<Array<{ count: number }>>({ count: '*' })).toEqual([
      { count: 1 },
    ]);
    expect(await auditCount(app)).toBe(audits);
  });
});

describe('PUT /api/admin/products/:id', () => {
  it('changes only the fields sent and audits before and after', async () => {
    const product = await createProduct({ title: 'Old title', keywords: 'old' });
    const response = await app.asAdmin('PUT', `${BASE}/${product.id}`, { title: 'New title', active: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: product.id, title: 'New title', active: false, keywords: 'old', slug: product.slug });
    const rows = await auditRowsOf(app, 'product', product.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'product.update',
      before: expect.objectContaining({ title: 'Old title', active: true }),
      after: expect.objectContaining({ title: 'New title', active: false }),
    });
    // A deactivated product leaves the storefront.
    expect((await app.request('GET', `/api/products/slug/${product.slug}`)).status).toBe(404);
  });

  it('accepts the record as loaded (computed fields are ignored) and replaces the regions sent', async () => {
    const product = await createProduct({ hasRegions: true });
    const [r1, r2] = [await app.fixtures.region(), await app.fixtures.region()];
    const loaded = (await app.asAdmin('GET', `${BASE}/${product.id}`)).body;
    const response = await app.asAdmin('PUT', `${BASE}/${product.id}`, { ...loaded, title: 'Edited', regionIds: [r2.id, r1.id] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Edited', regionIds: [r1.id, r2.id].sort((x, y) => x - y) });
  });

  it('refuses unknown fields, a bad slug and a taken slug, changing nothing', async () => {
    const product = await createProduct({ title: 'Steady' });
    const other = await createProduct();
    expect((await app.asAdmin('PUT', `${BASE}/${product.id}`, { title: 'X', colour: 'red' })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/${product.id}`, { slug: 'Not Valid' })).status).toBe(400);
    const taken = await app.asAdmin('PUT', `${BASE}/${product.id}`, { slug: other.slug, title: 'Changed' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CONFLICT');
    expect(await app.db('products').where({ id: product.id }).first('title', 'slug')).toEqual({ title: 'Steady', slug: product.slug });
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { title: 'X' })).status).toBe(404);
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('deletes a product never sold, with its unsold codes, and audits it', async () => {
    const product = await createProduct();
    await app.fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 3 });
    const response = await app.asAdmin('DELETE', `${BASE}/${product.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: product.id, slug: product.slug, availableCodes: 3 });
    expect(await app.db('products').where({ id: product.id }).first()).toBeUndefined();
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id })).toEqual([]);
    const rows = await auditRowsOf(app, 'product', product.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'product.delete',
      before: expect.objectContaining({ id: product.id, deletedCodes: 3 }),
      after: null,
    });
    expect((await app.asAdmin('DELETE', `${BASE}/${product.id}`)).status).toBe(404);
  });

  it('refuses with 409 once a code of it was sold, or Free Fire codes were generated for it', async () => {
    const sold = await createProduct();
    await app.fixtures.codes({ productId: sold.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 2 });
    await app.fixtures.codes({ productId: sold.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 1, status: 'used' });
    const generated = await createProduct();
    await app.fixtures.generatedCodes({ productId: generated.id, gameAmount: 10, priceUsd: 100, priceRub: 7900, count: 1 });
    const audits = await auditCount(app);

    for (const product of [sold, generated]) {
      const response = await app.asAdmin('DELETE', `${BASE}/${product.id}`);
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Deactivate it instead') });
      expect(await app.db('products').where({ id: product.id }).first('id')).toEqual({ id: product.id });
    }
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: sold.id })).toHaveLength(3);
    expect(await auditCount(app)).toBe(audits);
  });
});

describe('regions of a product', () => {
  it('replaces the set in one go, keeping the game currency of regions kept', async () => {
    const product = await createProduct({ hasRegions: true, gameCurrency: 'Gems' });
    const r1 = await app.fixtures.region({ name: 'Aland' });
    const r2 = await app.fixtures.region({ name: 'Borea' });
    const r3 = await app.fixtures.region({ name: 'Cyra' });
    const first = await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [r1.id, r2.id] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      regionIds: [r1.id, r2.id],
      regions: [
        { regionId: r1.id, name: 'Aland', gameCurrency: '' },
        { regionId: r2.id, name: 'Borea', gameCurrency: '' },
      ],
    });

    const currency = await app.asAdmin('PUT', `${BASE}/${product.id}/regions/${r2.id}/currency`, { gameCurrency: ' Lira ' });
    expect(currency.status).toBe(200);
    expect(currency.body.regions).toContainEqual({ regionId: r2.id, name: 'Borea', gameCurrency: 'Lira' });

    const replaced = await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [r3.id, r2.id] });
    expect(replaced.body).toEqual({
      regionIds: [r2.id, r3.id],
      regions: [
        { regionId: r2.id, name: 'Borea', gameCurrency: 'Lira' },
        { regionId: r3.id, name: 'Cyra', gameCurrency: '' },
      ],
    });
    expect((await app.asAdmin('GET', `${BASE}/${product.id}/regions`)).body).toEqual(replaced.body);

    // Shoppers see the regional game currency, and the product's own where none is set.
    const shopperView = await app.request('GET', `/api/products/slug/${product.slug}`);
    expect(shopperView.body.regions).toEqual([
      expect.objectContaining({ id: r2.id, game_currency: 'Lira' }),
      expect.objectContaining({ id: r3.id, game_currency: 'Gems' }),
    ]);

    const rows = await auditRowsOf(app, 'product', product.id);
    expect(rows.map((row) => row.action)).toEqual([
      'product.create',
      'product.regions_update',
      'product.region_currency_update',
      'product.regions_update',
    ]);
    expect(rows.at(-1)).toMatchObject({ before: currency.body, after: replaced.body });
  });

  it('resets a regional game currency with an empty string', async () => {
    const product = await createProduct({ hasRegions: true });
    const region = await app.fixtures.region();
    await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [region.id] });
    await app.asAdmin('PUT', `${BASE}/${product.id}/regions/${region.id}/currency`, { gameCurrency: 'Lira' });
    const reset = await app.asAdmin('PUT', `${BASE}/${product.id}/regions/${region.id}/currency`, { gameCurrency: '' });
    expect(reset.body.regions[0].gameCurrency).toBe('');
    expect(await app.db('product_regions').where({ product_id: product.id }).first('game_currency')).toEqual({ game_currency: null });
  });

  it('clears the set with an empty list', async () => {
    const product = await createProduct({ hasRegions: true });
    const region = await app.fixtures.region();
    await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [region.id] });
    const cleared = await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [] });
    expect(cleared.body).toEqual({ regionIds: [], regions: [] });
  });

  it('refuses unknown regions, regions not linked and unknown products, changing nothing', async () => {
    const product = await createProduct({ hasRegions: true });
    const region = await app.fixtures.region();
    await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [region.id] });
    const audits = await auditCount(app);

    const unknown = await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [region.id, 999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: 'regionIds', message: 'no such region: 999999' }]);
    expect((await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, { regionIds: [region.id, region.id] })).status).toBe(400);
    expect((await app.asAdmin('PUT', `${BASE}/${product.id}/regions`, {})).status).toBe(400);

    const other = await app.fixtures.region();
    const notLinked = await app.asAdmin('PUT', `${BASE}/${product.id}/regions/${other.id}/currency`, { gameCurrency: 'Gold' });
    expect(notLinked.status).toBe(404);
    expect((await app.asAdmin('PUT', `${BASE}/999999/regions`, { regionIds: [] })).status).toBe(404);
    expect((await app.asAdmin('GET', `${BASE}/999999/regions`)).status).toBe(404);

    expect((await app.asAdmin('GET', `${BASE}/${product.id}/regions`)).body.regionIds).toEqual([region.id]);
    expect(await auditCount(app)).toBe(audits);
  });
});

describe('imageUrl', () => {
  it('takes an http(s) URL, a path of the store or nothing', async () => {
    for (const imageUrl of ['https://img.example/a.png', 'http://img.example/a.png?size=2', '/images/nova.svg', ' /images/nova.svg ', '']) {
      const created = await app.asAdmin('POST', BASE, { slug: newSlug(), title: 'Image', category: 'gift_card', imageUrl });
      expect({ imageUrl, status: created.status }).toEqual({ imageUrl, status: 201 });
      expect(created.body.imageUrl).toBe(imageUrl.trim());
    }
  });

  it('refuses any other scheme and addresses of another site, naming the field, on create and update', async () => {
    const product = await createProduct({ imageUrl: '/images/kept.svg' });
    const audits = await auditCount(app);
    const refused = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://files.example/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '/\t/evil.example/a.png',
      'https://',
      'img.example/a.png',
    ];
    for (const imageUrl of refused) {
      const created = await app.asAdmin('POST', BASE, { slug: newSlug(), title: 'Image', category: 'gift_card', imageUrl });
      const updated = await app.asAdmin('PUT', `${BASE}/${product.id}`, { imageUrl });
      for (const response of [created, updated]) {
        expect({ imageUrl, status: response.status, details: response.body.error?.details }).toEqual({
          imageUrl,
          status: 400,
          details: [{ field: 'imageUrl', message: 'must be an http(s) URL or a path of the store starting with /' }],
        });
      }
    }
    expect(await app.db('products').where({ id: product.id }).first('image_url')).toEqual({ image_url: '/images/kept.svg' });
    expect(await auditCount(app)).toBe(audits);
  });
});
