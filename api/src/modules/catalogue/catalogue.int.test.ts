import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey, app.invalidations);
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/products', () => {
  it('lists active products in the specification shape, with regions and global prices', async () => {
    const product = await fixtures.product({
      title: 'Nebula Gift Card',
      keywords: 'nebula,space',
      description: 'A card',
      activation_instructions: 'Redeem it',
      has_regions: true,
      has_global_codes: true,
      game_currency: 'Credits',
    });
    const turkey = await fixtures.region({ name: 'Turkey', code: 'TRX', flag: '🇹🇷' });
    const usa = await fixtures.region({ name: 'USA', code: 'USX', flag: '🇺🇸' });
    const hidden = await fixtures.region({ name: 'Closed', code: 'CLX', is_active: false });
    await fixtures.linkRegion(product.id, turkey.id, 'TRY');
    await fixtures.linkRegion(product.id, usa.id);
    await fixtures.linkRegion(product.id, hidden.id);
    await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 3 });
    await fixtures.product({ title: 'Retired card', active: false });

    const response = await app.request('GET', '/api/products');
    expect(response.status).toBe(200);
    expect(response.body.find((p: any) => p.title === 'Retired card')).toBeUndefined();
    const listed = response.body.find((p: any) => p.id === product.id);
    expect(listed).toEqual({
      id: product.id,
      slug: product.slug,
      title: 'Nebula Gift Card',
      description: 'A card',
      image_url: '',
      keywords: 'nebula,space',
      category: 'gift_card',
      game_currency: 'Credits',
      activationInstructions: 'Redeem it',
      hasRegions: true,
      hasGlobalCodes: true,
      regions: [
        { id: turkey.id, name: 'Turkey', code: 'TRX', flag: '🇹🇷', game_currency: 'TRY' },
        { id: usa.id, name: 'USA', code: 'USX', flag: '🇺🇸', game_currency: 'Credits' },
      ],
      prices: [{ game_amount: 10, price_usd: 10.99, price_rub: 868.21, available_count: 3 }],
    });
  });

  it('searches title and keywords, every word, case-insensitively, with wildcards taken literally', async () => {
    await fixtures.product({ title: 'Comet Wallet', keywords: 'comet,wallet,tr' });
    await fixtures.product({ title: 'Meteor Wallet', keywords: 'meteor,wallet' });
    const titles = async (search: string) =>
      (await app.request('GET', `/api/products?search=${encodeURIComponent(search)}`)).body.map((p: any) => p.title);
    expect(await titles('WALLET')).toEqual(expect.arrayContaining(['Comet Wallet', 'Meteor Wallet']));
    expect(await titles('wallet tr')).toEqual(['Comet Wallet']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('   ')).toEqual(expect.arrayContaining(['Comet Wallet', 'Meteor Wallet']));
  });
});

describe('GET /api/products/slug/:slug', () => {
  it('returns the product', async () => {
    const product = await fixtures.product({ title: 'Slug Card' });
    const response = await app.request('GET', `/api/products/slug/${product.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: product.id, title: 'Slug Card', regions: [], prices: [] });
  });

  it('is a 404 for an unknown or inactive product', async () => {
    const inactive = await fixtures.product({ active: false });
    for (const slug of ['no-such-product', inactive.slug]) {
      const response = await app.request('GET', `/api/products/slug/${slug}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /api/products/:id/codes/:regionId', () => {
  it('groups available stock into price options; 0 means global codes', async () => {
    const product = await fixtures.product({ has_regions: true });
    const region = await fixtures.region();
    await fixtures.linkRegion(product.id, region.id);
    await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, count: 4 });
    await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 2 });
    await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 5, status: 'used' });
    await fixtures.codes({ productId: product.id, gameAmount: 50, priceUsd: 5000, priceRub: 395000, count: 1 });

    const regional = await app.request('GET', `/api/products/${product.id}/codes/${region.id}`);
    expect(regional.status).toBe(200);
    expect(regional.body).toEqual([
      { game_amount: 10, price_usd: 10, price_rub: 790, available_count: 2 },
      { game_amount: 25, price_usd: 25, price_rub: 1975, available_count: 4 },
    ]);
    const global = await app.request('GET', `/api/products/${product.id}/codes/0`);
    expect(global.body).toEqual([{ game_amount: 50, price_usd: 50, price_rub: 3950, available_count: 1 }]);
  });

  it('includes published generated codes of the product, never unpublished ones', async () => {
    const product = await fixtures.product();
    const denomination = await fixtures.freefireOffer({ name: '100 Diamonds', priceUsd: 99, priceRub: 7821, gameAmount: 100 });
    const codeRow = (published: boolean, n: number) => ({
      denomination_id: denomination.denominationId,
      product_id: product.id,
      code_encrypted: `enc-${published}-${n}`,
      code_hash: `hash-${product.id}-${published}-${n}`,
      game_amount: 100,
      price_usd: 99,
      price_rub: 7821,
      published,
    });
    await app.db('stock_codes').insert([codeRow(true, 1), codeRow(true, 2), codeRow(false, 3)].map((row) => ({ ...row, source: 'generated' })));
    const response = await app.request('GET', `/api/products/${product.id}/codes/0`);
    expect(response.body).toEqual([{ game_amount: 100, price_usd: 0.99, price_rub: 78.21, available_count: 2 }]);
  });

  it('is a 404 for a region the product is not sold in, or an unknown product', async () => {
    const product = await fixtures.product({ has_regions: true });
    const elsewhere = await fixtures.region();
    expect((await app.request('GET', `/api/products/${product.id}/codes/${elsewhere.id}`)).status).toBe(404);
    expect((await app.request('GET', `/api/products/999999/codes/0`)).status).toBe(404);
  });

  it('offers no stock of a product or region taken off sale, though its codes are still there', async () => {
    const stocked = async (fields: Record<string, unknown>) => {
      const product = await fixtures.product({ has_regions: true, ...fields });
      const region = await fixtures.region();
      await fixtures.linkRegion(product.id, region.id);
      await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 2 });
      await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 2 });
      return { product, region };
    };
    const options = (productId: number, regionId: number) => app.request('GET', `/api/products/${productId}/codes/${regionId}`);

    const inactive = await stocked({ active: false });
    expect((await options(inactive.product.id, 0)).status).toBe(404);
    expect((await options(inactive.product.id, inactive.region.id)).status).toBe(404);

    const regionOff = await stocked({});
    await app.db('regions').where({ id: regionOff.region.id }).update({ is_active: false });
    expect((await options(regionOff.product.id, regionOff.region.id)).status).toBe(404);

    const unlinked = await stocked({});
    await app.db('product_regions').where({ product_id: unlinked.product.id }).delete();
    expect((await options(unlinked.product.id, unlinked.region.id)).status).toBe(404);

    const noRegions = await stocked({ has_regions: false });
    expect((await options(noRegions.product.id, noRegions.region.id)).status).toBe(404);

    const noGlobalCodes = await stocked({ has_global_codes: false });
    const global = await options(noGlobalCodes.product.id, 0);
    expect(global.status).toBe(200);
    expect(global.body).toEqual([]);
  });

  it('lists popular options only under /popular', async () => {
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, gameAmount: 5, priceUsd: 500, priceRub: 39500, count: 2, popular: true });
    await fixtures.codes({ productId: product.id, gameAmount: 100, priceUsd: 10000, priceRub: 790000, count: 2 });
    const response = await app.request('GET', `/api/products/${product.id}/popular/0`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ game_amount: 5, price_usd: 5, price_rub: 395, available_count: 2 }]);
  });
});

describe('promotions, Free Fire offers and PUBG packages', () => {
  it('GET /api/promotions/active lists only active promotions', async () => {
    await app.db('promotions').insert([
      { text: 'Double UC weekend', background_color: '#ff5722', sort_order: 1 },
      { text: 'Expired deal', background_color: '#000000', active: false },
    ]);
    const response = await app.request('GET', '/api/promotions/active');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ id: expect.any(Number), text: 'Double UC weekend', background_color: '#ff5722' }]);
  });

  it('GET /api/freefire/offers lists active offers that have a price', async () => {
    const freefire = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'freefire').first('g.id');
    await app.db('game_denominations').insert([
      { game_id: freefire.id, name: '310 Diamonds', item_id: 310, price_usd: 299, price_rub: 23621, amount: 310 },
      { game_id: freefire.id, name: 'Free sample', item_id: 1, price_usd: 0, price_rub: 0, amount: 1 },
      { game_id: freefire.id, name: 'Retired', item_id: 520, price_usd: 499, price_rub: 39421, amount: 520, active: false },
    ]);
    const response = await app.request('GET', '/api/freefire/offers');
    expect(response.body).toContainEqual({
      id: expect.any(Number),
      item_id: 310,
      name: '310 Diamonds',
      game_amount: 310,
      is_active: true,
      price: 2.99,
      price_rub: 236.21,
    });
    expect(response.body.map((offer: any) => offer.name)).not.toEqual(expect.arrayContaining(['Free sample']));
    expect(response.body.map((offer: any) => offer.name)).not.toEqual(expect.arrayContaining(['Retired']));
  });

  it('GET /api/pubg/packages lists active denominations, smallest first', async () => {
    const pubg = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'pubg').first('g.id');
    await app.db('game_denominations').insert([
      { game_id: pubg.id, amount: 660, price_usd: 999, price_rub: 78921 },
      { game_id: pubg.id, amount: 60, price_usd: 99, price_rub: 7821 },
      { game_id: pubg.id, amount: 8100, price_usd: 9999, price_rub: 789921, active: false },
    ]);
    const response = await app.request('GET', '/api/pubg/packages');
    expect(response.body).toEqual([
      { id: expect.any(Number), uc_amount: 60, name: '', price_usd: 0.99, price_rub: 78.21 },
      { id: expect.any(Number), uc_amount: 660, name: '', price_usd: 9.99, price_rub: 789.21 },
    ]);
  });
});
