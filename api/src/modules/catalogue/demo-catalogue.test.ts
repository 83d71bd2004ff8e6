import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await app.seedDemoData();
});

afterAll(async () => {
  await app.close();
});

it('a freshly seeded store shows top-ups and gift cards with stock', async () => {
  const { body: products } = await app.request('GET', '/api/products');
  const slugs = products.map((product: any) => product.slug);
  expect(slugs).toEqual(expect.arrayContaining(['pubg', 'freefire', 'steam']));
  const giftCards = products.filter((product: any) => product.category === 'gift_card');
  expect(giftCards.length).toBeGreaterThanOrEqual(6);

  for (const card of giftCards) {
    const regionId = card.hasGlobalCodes ? 0 : card.regions[0].id;
    const { status, body: options } = await app.request('GET', `/api/products/${card.id}/codes/${regionId}`);
    expect(status).toBe(200);
    expect(options.length, `${card.slug} has price options`).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.available_count).toBeGreaterThan(0);
      expect(option.price_usd).toBeGreaterThan(0);
    }
  }
  expect(giftCards.some((card: any) => card.hasRegions && card.regions.length > 1)).toBe(true);
});

it('the seeded accounts log in, the admin as admin and the shopper with money on the ledger', async () => {
  const login = async (nickname: string, password: string) =>
    (await app.request('POST', '/api/login', { body: { nickname, password } })).body.token as string;
  const admin = await app.request('GET', '/api/profile', {
    token: await login(app.config.adminNickname, app.config.adminPassword),
  });
  expect(admin.body.role).toBe('admin');
  const shopper = await app.request('GET', '/api/profile', {
    token: await login(app.config.shopperNickname, app.config.shopperPassword),
  });
  expect(shopper.body).toMatchObject({ role: 'user', balanceUsd: 100, balanceRub: 8000 });
});

it('offers, packages and promotions are there', async () => {
  expect((await app.request('GET', '/api/freefire/offers')).body.length).toBeGreaterThan(3);
  expect((await app.request('GET', '/api/pubg/packages')).body.length).toBeGreaterThan(3);
  expect((await app.request('GET', '/api/promotions/active')).body.length).toBeGreaterThan(0);
});
