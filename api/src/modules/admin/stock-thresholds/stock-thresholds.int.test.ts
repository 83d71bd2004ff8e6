import { describe, expect, it } from 'vitest';
import { auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';
import { lowStockLines } from './low-stock.dal';

const app = startAdminTestApp();

const BASE = '/api/admin/stock-thresholds';

const defaultThreshold = async () => Number((await app.db('stock_thresholds').whereNull('product_id').whereNull('pubg_denomination_id').whereNull('freefire_denomination_id').first('id')).id);

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route, changing nothing', async () => {
    const id = await defaultThreshold();
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${id}` },
      { method: 'POST', path: BASE, body: { pubgDenominationId: 1, threshold: 5 } },
      { method: 'PUT', path: `${BASE}/${id}`, body: { threshold: 1 } },
      { method: 'DELETE', path: `${BASE}/${id}` },
    ]);
  });
});

describe('thresholds', () => {
  it('lists the default, creates, changes and deletes thresholds, each audited', async () => {
    const defaultId = await defaultThreshold();
    const page = await app.asAdmin('GET', listPath(BASE, { filter: { target: 'default' } }));
    expect(contentRange(page.headers)).toMatchObject({ resource: 'stock-thresholds', total: 1 });
    expect(page.body).toEqual([
      {
        id: defaultId,
        target: 'default',
        productId: null,
        regionId: null,
        gameAmount: null,
        pubgDenominationId: null,
        freefireDenominationId: null,
        name: '',
        threshold: 10,
        updatedAt: expect.any(String),
      },
    ]);

    const pubg = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, ucAmount: 61 });
    const created = await app.asAdmin('POST', BASE, { pubgDenominationId: pubg.id, threshold: 25 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ target: 'pubg', pubgDenominationId: pubg.id, name: '61 UC', threshold: 25 });
    const id = created.body.id as number;

    const product = await app.fixtures.product({ title: 'Moon Card' });
    const region = await app.fixtures.region({ name: 'Turkey' });
    const narrowed = await app.asAdmin('POST', BASE, { productId: product.id, regionId: region.id, gameAmount: 100, threshold: 3 });
    expect(narrowed.body).toMatchObject({ target: 'product', name: 'Moon Card · Turkey · 100', threshold: 3 });

    // One threshold per target.
    const duplicate = await app.asAdmin('POST', BASE, { pubgDenominationId: pubg.id, threshold: 5 });
    expect([duplicate.status, duplicate.body.error.code]).toEqual([409, 'CONFLICT']);

    const changed = await app.asAdmin('PUT', `${BASE}/${id}`, { ...created.body, threshold: 40 });
    expect(changed.body).toMatchObject({ id, target: 'pubg', threshold: 40 });
    expect((await app.asAdmin('GET', `${BASE}/${id}`)).body).toMatchObject({ threshold: 40 });

    const removed = await app.asAdmin('DELETE', `${BASE}/${id}`);
    expect(removed.status).toBe(200);
    expect((await app.asAdmin('GET', `${BASE}/${id}`)).status).toBe(404);

    const audits = await auditRowsOf(app, 'stock_threshold', id);
    expect(audits.map((row) => [row.action, row.actor_id, row.before?.threshold ?? null, row.after?.threshold ?? null])).toEqual([
      ['stock_threshold.create', app.admin.id, null, 25],
      ['stock_threshold.update', app.admin.id, 25, 40],
      ['stock_threshold.delete', app.admin.id, 40, null],
    ]);
  });

  it('keeps the default (409 on delete) and refuses a threshold without exactly one target', async () => {
    const defaultId = await defaultThreshold();
    const refused = await app.asAdmin('DELETE', `${BASE}/${defaultId}`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);

    const pubg = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, ucAmount: 62 });
    const offer = await app.fixtures.freefireOffer({ priceUsd: 99, priceRub: 7_821 });
    const region = await app.fixtures.region();
    for (const body of [
      { threshold: 5 },
      { pubgDenominationId: pubg.id, freefireDenominationId: offer.id, threshold: 5 },
      { pubgDenominationId: pubg.id, regionId: region.id, threshold: 5 },
      { pubgDenominationId: pubg.id, threshold: -1 },
      { pubgDenominationId: pubg.id, threshold: 2.5 },
      { pubgDenominationId: pubg.id },
      { productId: 999_999, threshold: 5 },
    ]) {
      const response = await app.asAdmin('POST', BASE, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await app.asAdmin('PUT', `${BASE}/${defaultId}`, { threshold: -5 })).status).toBe(400);
  });
});

describe('low stock by threshold', () => {
  it('lists what is below its own threshold, the most specific one winning, else the default', async () => {
    const product = await app.fixtures.product({ title: 'Sun Card' });
    const region = await app.fixtures.region({ name: 'Kazakhstan' });
    // 12 codes of 100 in Kazakhstan, 12 of 500 there, 5 global of 100.
    await app.fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 100, priceUsd: 100, priceRub: 7_900, count: 12 });
    await app.fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 500, priceUsd: 500, priceRub: 39_500, count: 12 });
    await app.fixtures.codes({ productId: product.id, gameAmount: 100, priceUsd: 100, priceRub: 7_900, count: 5 });
    const pubg = await app.fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, ucAmount: 63, codes: 12 });
    const offer = await app.fixtures.freefireOffer({ priceUsd: 99, priceRub: 7_821, name: 'Sun Diamonds' });

    const lowOf = async () => {
      const dashboard = await app.asAdmin('GET', '/api/admin/dashboard');
      expect(dashboard.status).toBe(200);
      return (dashboard.body.lowStock as Array<{ kind: string; id: number; name: string; available: number; threshold: number }>).filter(
        (line) => (line.kind === 'code' && line.id === product.id) || (line.kind === 'pubg' && line.id === pubg.id) || (line.kind === 'freefire' && line.id === offer.id),
      );
    };

    // The default 10: the global option (5) and the empty offer.
    expect(await lowOf()).toEqual([
      { kind: 'freefire', id: offer.id, name: 'Sun Diamonds', available: 0, threshold: 10 },
      { kind: 'code', id: product.id, name: 'Sun Card · Global · 100 USD · $1.00', available: 5, threshold: 10 },
    ]);

    // The product (any region, any amount) at 4; Kazakhstan's 100 at 15; the package at 20; the offer at 0 (never low).
    await app.asAdmin('POST', BASE, { productId: product.id, threshold: 4 });
    await app.asAdmin('POST', BASE, { productId: product.id, regionId: region.id, gameAmount: 100, threshold: 15 });
    await app.asAdmin('POST', BASE, { pubgDenominationId: pubg.id, threshold: 20 });
    await app.asAdmin('POST', BASE, { freefireDenominationId: offer.id, threshold: 0 });
    expect(await lowOf()).toEqual([
      { kind: 'code', id: product.id, name: 'Sun Card · Kazakhstan · 100 USD · $1.00', available: 12, threshold: 15 },
      { kind: 'pubg', id: pubg.id, name: '63 UC', available: 12, threshold: 20 },
    ]);

    // A region selling the product in its own currency names it: Turkish 500 TRY cards, not "500 USD".
    const turkey = await app.fixtures.region({ name: 'Turkey' });
    await app.db('product_regions').insert({ product_id: product.id, region_id: turkey.id, game_currency: 'TRY' }).onConflict(['product_id', 'region_id']).merge();
    await app.fixtures.codes({ productId: product.id, regionId: turkey.id, gameAmount: 500, priceUsd: 1_500, priceRub: 120_000, count: 2 });
    expect(await lowOf()).toContainEqual({ kind: 'code', id: product.id, name: 'Sun Card · Turkey · 500 TRY · $15.00', available: 2, threshold: 4 });

    // The same query, every line, for a metrics gauge.
    const all = await lowStockLines(app.db, { limit: null });
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'pubg', id: pubg.id, threshold: 20 })]));
  });
});
