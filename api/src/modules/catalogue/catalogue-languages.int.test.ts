import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/harness';

/** The shopper's catalogue in the language asked for: ?lang= first, then Accept-Language, else Russian. */

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey, app.invalidations);
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

/** A word no other test's rows contain, so a search finds only this test's products. */
const unique = () => randomBytes(4).toString('hex');

/** A product with its texts in all three languages, but no Uzbek description (it reads as the Russian one). */
async function translatedProduct(marker = unique()) {
  const product = await fixtures.product({
    title: `Карта Звезда ${marker}`,
    description: 'Код пополнения',
    keywords: `звезда,${marker}`,
    activation_instructions: 'Нажмите «Найти»',
    translations: {
      en: { title: `Star Card ${marker}`, description: 'A top-up code', keywords: 'star', activation_instructions: 'Press "Find"' },
      uz: { title: `Yulduz karta ${marker}`, description: '   ', keywords: 'yulduz,юлдуз', activation_instructions: '«Topish» tugmasini bosing' },
    },
  });
  return { ...product, marker };
}

const get = (path: string, headers: Record<string, string> = {}) => app.request('GET', path, { headers });

describe('the language of catalogue answers', () => {
  it('follows ?lang=, then Accept-Language, and falls back to Russian for a blank text or an unknown language', async () => {
    const { slug, marker } = await translatedProduct();
    const product = async (query: string, headers: Record<string, string> = {}) => {
      const response = await get(`/api/products/slug/${slug}${query}`, headers);
      expect(response.status).toBe(200);
      const { title, description, keywords, activationInstructions } = response.body;
      return { title, description, keywords, activationInstructions };
    };

    expect(await product('')).toEqual({
      title: `Карта Звезда ${marker}`,
      description: 'Код пополнения',
      keywords: `звезда,${marker}`,
      activationInstructions: 'Нажмите «Найти»',
    });
    expect(await product('?lang=en')).toEqual({
      title: `Star Card ${marker}`,
      description: 'A top-up code',
      keywords: 'star',
      activationInstructions: 'Press "Find"',
    });
    expect(await product('?lang=uz')).toEqual({
      title: `Yulduz karta ${marker}`,
      description: 'Код пополнения',
      keywords: 'yulduz,юлдуз',
      activationInstructions: '«Topish» tugmasini bosing',
    });
    expect((await product('?lang=en-US')).title).toBe(`Star Card ${marker}`);
    expect((await product('', { 'accept-language': 'uz-Latn-UZ,uz;q=0.9,en;q=0.5' })).title).toBe(`Yulduz karta ${marker}`);
    expect((await product('', { 'accept-language': 'de-DE,en;q=0.8' })).title).toBe(`Star Card ${marker}`);
    // ?lang= wins over the header; a language the store does not have reads as Russian.
    expect((await product('?lang=ru', { 'accept-language': 'en' })).title).toBe(`Карта Звезда ${marker}`);
    expect((await product('?lang=fr')).title).toBe(`Карта Звезда ${marker}`);
    expect((await product('', { 'accept-language': 'fr-FR,de' })).title).toBe(`Карта Звезда ${marker}`);
  });

  it('never serves one language’s cached answer to another', async () => {
    const { marker } = await translatedProduct();
    const titles = async (headers: Record<string, string>) =>
      (await get(`/api/products?search=${marker}`, headers)).body.map((product: { title: string }) => product.title);
    // Each twice: the second answer of each comes from the cache.
    for (let round = 0; round < 2; round++) {
      expect(await titles({ 'accept-language': 'en' })).toEqual([`Star Card ${marker}`]);
      expect(await titles({ 'accept-language': 'uz' })).toEqual([`Yulduz karta ${marker}`]);
      expect(await titles({})).toEqual([`Карта Звезда ${marker}`]);
    }
  });

  it('names regions, promotions, Free Fire offers and PUBG packages in the language asked for', async () => {
    const product = await fixtures.product({ has_regions: true });
    const region = await fixtures.region({ name: 'Турция', translations: { en: { name: 'Turkey' }, uz: { name: 'Turkiya' } } });
    const untranslated = await fixtures.region({ name: 'Европа' });
    await fixtures.linkRegion(product.id, region.id);
    await fixtures.linkRegion(product.id, untranslated.id);
    const [promotion] = await app
      .db('promotions')
      .insert({ text: 'Скидка на UC', background_color: '#ff6a00', translations: { en: { text: 'UC on sale' }, uz: { text: 'UC chegirmada' } } })
      .returning('id');
    const offer = await fixtures.freefireOffer({ priceUsd: 99, priceRub: 7821, name: '100 алмазов' });
    await app.db('game_denominations').where({ legacy_id: offer.id }).update({ translations: { en: { name: '100 Diamonds' } } });
    const pack = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7821 });
    await app.db('game_denominations').where({ id: pack.id }).update({ name: 'Стартовый', translations: { uz: { name: 'Boshlang‘ich' } } });
    await app.invalidations.publish('catalogue', {});

    const texts = async (lang: string) => {
      const [page, promotions, offers, packages] = await Promise.all([
        get(`/api/products/slug/${product.slug}?lang=${lang}`),
        get(`/api/promotions/active?lang=${lang}`),
        get(`/api/freefire/offers?lang=${lang}`),
        get(`/api/pubg/packages?lang=${lang}`),
      ]);
      return {
        regions: page.body.regions.map((r: { name: string }) => r.name),
        promotion: promotions.body.find((p: { id: number }) => p.id === promotion.id).text,
        offer: offers.body.find((o: { id: number }) => o.id === offer.id).name,
        pack: packages.body.find((p: { id: number }) => p.id === pack.id).name,
      };
    };
    // Regions come in alphabetical order of the language's names.
    expect(await texts('ru')).toEqual({ regions: ['Европа', 'Турция'], promotion: 'Скидка на UC', offer: '100 алмазов', pack: 'Стартовый' });
    expect(await texts('en')).toEqual({ regions: ['Turkey', 'Европа'], promotion: 'UC on sale', offer: '100 Diamonds', pack: 'Стартовый' });
    expect(await texts('uz')).toEqual({ regions: ['Turkiya', 'Европа'], promotion: 'UC chegirmada', offer: '100 алмазов', pack: 'Boshlang‘ich' });
  });

  it('shows cart lines and order items with the product title in the language asked for', async () => {
    const { id, marker } = await translatedProduct();
    await fixtures.codes({ productId: id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, count: 2 });
    const user = await app.createUser();
    await fixtures.cartLine({ userId: user.id, productId: id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, quantity: 1 });
    const inEnglish = { 'accept-language': 'en' };

    const cart = await app.request('GET', '/api/cart', { token: user.token, headers: inEnglish });
    expect(cart.body.data.map((line: { product_title: string }) => line.product_title)).toEqual([`Star Card ${marker}`]);
    const cartInUzbek = await app.request('GET', '/api/cart', { token: user.token, headers: { 'accept-language': 'uz' } });
    expect(cartInUzbek.body.data[0].product_title).toBe(`Yulduz karta ${marker}`);

    await fixtures.fundBalance(user.id, 'rub', 197500);
    const placed = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'rub' } });
    expect(placed.status).toBe(201);
    const orders = await app.request('GET', '/api/orders', { token: user.token, headers: inEnglish });
    expect(orders.body[0].items[0].product).toMatchObject({ title: `Star Card ${marker}`, activation_instructions: 'Press "Find"' });
    const order = await app.request('GET', `/api/orders/${placed.body.orderId}`, { token: user.token, headers: { 'accept-language': 'ru' } });
    expect(order.body.items[0].product).toMatchObject({ title: `Карта Звезда ${marker}`, activation_instructions: 'Нажмите «Найти»' });
  });

  it("names a Free Fire top-up's offer in the language asked for, and keeps other top-ups' names as bought", async () => {
    const offer = await fixtures.freefireOffer({ priceUsd: 99, priceRub: 7821, name: `${unique()} алмазов` });
    await app.db('game_denominations').where({ legacy_id: offer.id }).update({ translations: { en: { name: 'Diamonds, in English' } } });
    const user = await app.createUser();
    const [order] = await app
      .db('orders')
      .insert({ user_id: user.id, status: 'completed', kind: 'topup', payment_method: 'balance', currency: 'usd', total: 99, total_usd: 99, rate_usd_rub: '79' })
      .returning('id');
    const item = (topupData: Record<string, unknown>) => ({
      order_id: order.id,
      item_type: 'topup',
      amount: 99,
      price_usd: 99,
      price_rub: 7821,
      rate_used: '79',
      topup_data: topupData,
    });
    await app.db('order_items').insert([
      item({ service: 'freefire', player_id: '5123413', offer_id: offer.itemId, offer_name: offer.name }),
      item({ service: 'pubg', player_id: '5123413', offer_id: -1, offer_name: '60 UC' }),
    ]);
    const offerNames = async (language: string) =>
      (await app.request('GET', `/api/orders/${order.id}`, { token: user.token, headers: { 'accept-language': language } })).body.items.map(
        (orderItem: { topup_data: { offer_name: string } }) => orderItem.topup_data.offer_name,
      );
    expect(await offerNames('en')).toEqual(['Diamonds, in English', '60 UC']);
    expect(await offerNames('uz')).toEqual([offer.name, '60 UC']);
  });
});

describe('search in every language', () => {
  it('finds a product by its title or keywords in Russian, English or Uzbek, whatever the language of the answer', async () => {
    const marker = unique();
    const pubg = await fixtures.product({
      title: `PUBG Mobile ${marker}`,
      keywords: `pubg,${marker}`,
      translations: { uz: { keywords: 'пабг,pabg' } },
    });
    const steam = await fixtures.product({
      title: `Карта Steam ${marker}`,
      keywords: `${marker}`,
      translations: { en: { title: `Steam Gift Card ${marker}`, keywords: 'steam wallet' }, uz: { keywords: 'стим' } },
    });
    const found = async (search: string, lang = 'ru') =>
      (await get(`/api/products?lang=${lang}&search=${encodeURIComponent(`${search} ${marker}`)}`)).body.map((p: { id: number }) => p.id);

    expect(await found('пабг')).toEqual([pubg.id]);
    expect(await found('ПАБГ', 'en')).toEqual([pubg.id]);
    expect(await found('стим')).toEqual([steam.id]);
    // An English title and English keywords, typed in the Russian store.
    expect(await found('gift card')).toEqual([steam.id]);
    expect(await found('wallet')).toEqual([steam.id]);
    expect(await found('карта', 'en')).toEqual([steam.id]);
    expect(await found('карта пабг')).toEqual([]);
  });
});
