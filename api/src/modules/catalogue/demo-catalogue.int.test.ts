import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { SandboxGameProvider } from '../../providers/game';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';

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

describe('the demo catalogue in three languages', () => {
  const TEXT_COLUMNS = {
    products: ['title', 'description', 'keywords', 'activation_instructions'],
    regions: ['name'],
    promotions: ['text'],
    game_denominations: ['name'],
  } as const;
  const CYRILLIC = /[а-яё]/i;
  const LATIN = /[a-z]/i;

  it.each(Object.entries(TEXT_COLUMNS))('every %s row has Russian texts of its own and English and Uzbek translations', async (table, columns) => {
    const rows: Array<Record<string, any>> = await app.db(table).select([...columns, 'translations']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const column of columns) {
        const texts = { ru: row[column], en: row.translations.en?.[column], uz: row.translations.uz?.[column] };
        for (const text of Object.values(texts)) expect(text?.trim(), `${table}.${column}: ${JSON.stringify(texts)}`).toBeTruthy();
        // Names such as "Razer Gold" read alike everywhere; longer texts are each in their own language.
        if (column !== 'title' && column !== 'name' && column !== 'keywords') {
          expect(texts.ru, `${table}.${column}`).toMatch(CYRILLIC);
          for (const text of [texts.en, texts.uz]) expect(text).not.toMatch(CYRILLIC);
          expect(texts.en).not.toBe(texts.uz);
        }
        expect(texts.uz).toMatch(LATIN);
      }
    }
  });

  it('names the buttons as the storefront labels them in each language', async () => {
    const pubg = await app.db('products').where({ slug: 'pubg' }).first('activation_instructions', 'translations');
    expect(pubg.activation_instructions).toContain('«Найти»');
    expect(pubg.translations.en.activation_instructions).toContain('"Find"');
    expect(pubg.translations.uz.activation_instructions).toContain('«Topish»');
    const all = await app.db('products').select('activation_instructions', 'translations');
    for (const row of all) {
      for (const text of [row.activation_instructions, row.translations.en.activation_instructions]) expect(text).not.toContain('"Check"');
    }
  });

  it.each([
    ['пабг', ['pubg']],
    ['пубг', ['pubg']],
    ['pabg', ['pubg']],
    ['стим', ['steam', 'steam-gift-card']],
    ['stim', ['steam', 'steam-gift-card']],
    ['фри фаер', ['freefire']],
    ['фрифаер', ['freefire']],
    ['алмазы', ['freefire']],
    ['юси', ['pubg']],
    ['роблокс', ['roblox']],
  ])('a search for "%s" finds %j', async (search, slugs) => {
    const { body } = await app.request('GET', `/api/products?search=${encodeURIComponent(search)}`);
    expect(body.map((product: any) => product.slug)).toEqual(slugs);
  });

  it('seeding again changes nothing, and brings an earlier English-only demo row up to date but never an edited one', async () => {
    const snapshot = () => app.db('products').orderBy('id').select('slug', 'title', 'translations', 'has_global_codes');
    const before = await snapshot();
    await app.seedDemoData();
    expect(await snapshot()).toEqual(before);

    // As an earlier seed left them: English in the Russian columns, no translations, Free Fire codes not on sale.
    await app.db('products').where({ slug: 'freefire' }).update({ title: 'Free Fire Diamonds', translations: {}, has_global_codes: false });
    await app.db('regions').where({ code: 'TR' }).update({ name: 'Türkiye', translations: {} });
    await app.db('promotions').where({ text: '-10% на PUBG UC' }).update({ text: '-10% on PUBG UC', translations: {} });
    await app.db('game_denominations').where({ amount: 60, unit: 'UC' }).update({ name: '', translations: {} });
    // An admin's own title: kept, like anything else an admin changed.
    await app.db('products').where({ slug: 'razer-gold' }).update({ title: 'Razer Gold PIN (sale)', translations: {} });

    await app.seedDemoData();
    expect(await app.db('products').where({ slug: 'freefire' }).first('title', 'has_global_codes', 'translations')).toEqual({
      title: 'Алмазы Free Fire',
      has_global_codes: true,
      translations: expect.objectContaining({ en: expect.objectContaining({ title: 'Free Fire Diamonds' }) }),
    });
    expect(await app.db('regions').where({ code: 'TR' }).first('name', 'translations')).toEqual({
      name: 'Турция',
      translations: { en: { name: 'Türkiye' }, uz: { name: 'Turkiya' } },
    });
    expect(await app.db('promotions').where({ text: '-10% on PUBG UC' }).first()).toBeUndefined();
    expect(await app.db('promotions').where({ text: '-10% на PUBG UC' }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await app.db('game_denominations').where({ amount: 60, unit: 'UC' }).first('name')).toEqual({ name: 'Пакет 60 UC' });
    expect(await app.db('products').where({ slug: 'razer-gold' }).first('title', 'translations')).toEqual({
      title: 'Razer Gold PIN (sale)',
      translations: {},
    });
  });
});

describe('the demo Free Fire codes', () => {
  const login = async () =>
    (await app.request('POST', '/api/login', { body: { nickname: app.config.shopperNickname, password: app.config.shopperPassword } })).body
      .token as string;

  it('are on sale as the Free Fire product\'s codes: bought, delivered on the receipt, activated typed in lower case with spaces', async () => {
    const { body: freefire } = await app.request('GET', '/api/products/slug/freefire');
    expect(freefire.hasGlobalCodes).toBe(true);
    const { body: options } = await app.request('GET', `/api/products/${freefire.id}/codes/0`);
    expect(options).toEqual([
      { game_amount: 100, price_usd: 0.99, price_rub: 78.21, available_count: 6 },
      { game_amount: 310, price_usd: 2.99, price_rub: 236.21, available_count: 6 },
    ]);
    expect(freefire.prices).toEqual(options);

    const token = await login();
    const added = await app.request('POST', '/api/cart/add', {
      token,
      body: { productId: freefire.id, gameAmount: 310, priceUsd: 2.99, priceRub: 236.21, quantity: 1, regionId: null },
    });
    expect(added.status).toBe(200);
    const paid = await app.request('POST', '/api/payment/from-balance', { token, body: { currency: 'usd' } });
    expect(paid.status).toBe(201);
    const orderId = paid.body.orderId as number;

    const fulfilment = createFulfilmentService({
      db: app.db,
      logger: pino({ level: 'silent' }),
      games: new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix }),
      codeCrypto: createCodeCrypto(app.config.codesKey),
    });
    await fulfilment.fulfilOrder(orderId);
    const { body: receipt } = await app.request('GET', `/api/orders/${orderId}`, { token });
    expect(receipt.status).toBe('completed');
    expect(receipt.items).toEqual([expect.objectContaining({ item_type: 'code', game_amount: 310, amount: 2.99, code: { code: expect.stringMatching(/^DEMO-/), activatedAt: null, activatedPlayerId: null } })]);
    const code: string = receipt.items[0].code.code;

    const activation = await app.request('POST', '/api/freefire/activate-code', {
      token,
      body: { playerID: '512341301', code: `  ${code.toLowerCase()}  ` },
    });
    expect(activation.body).toEqual({ success: true });
    const again = await app.request('POST', '/api/freefire/activate-code', { token, body: { playerID: '512341301', code: code.toLowerCase() } });
    expect(again.body).toEqual({ success: false, error: 'This code has already been activated.' });
    expect((await app.request('GET', `/api/products/${freefire.id}/codes/0`)).body[1]).toMatchObject({ game_amount: 310, available_count: 5 });
  });
});
