import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createLogger } from '../../logger';
import { createPaymentGateways } from '../../providers/payment';
import { SandboxGameProvider } from '../../providers/game';
import { auditRowsOf } from '../../testing/admin-api';
import { MOBILE_LEGENDS, startGatewayPayment, startYookassaStore, type TestApp, type TestUser, type YookassaStandIn, type YookassaStore } from '../../testing';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createFulfilmentService } from '../fulfilment/fulfilment.service';
import { createPaymentCallbackService } from '../payments/payment-callback.service';

/**
 * A game the specification never named, added from the back office alone (docs/architecture.md,
 * "Games"): Mobile Legends, a player id and a zone id, two denominations; a shopper finds it, checks the
 * player and buys it from the balance and by card (the YooKassa stand-in), the sandbox delivers it, and
 * the receipt names it in the shopper's language.
 */

let store: YookassaStore;
let app: TestApp;
let yookassa: YookassaStandIn;
let admin: TestUser;
let games: SandboxGameProvider;
const logger = createLogger('silent', 'games-test');


const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });

let game: { id: number; productId: number };
let small: { id: number };
let large: { id: number };

beforeAll(async () => {
  store = await startYookassaStore();
  ({ app, yookassa } = store);
  admin = await app.createUser({ role: 'admin' });
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });

  const created = await asAdmin('POST', '/api/admin/games', MOBILE_LEGENDS);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  game = created.body;
  const denomination = async (body: Record<string, unknown>) => {
    const response = await asAdmin('POST', '/api/admin/game-denominations', { gameId: game.id, unit: 'алмазов', active: true, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  small = await denomination({
    name: '86 алмазов',
    translations: { en: { name: '86 Diamonds', unit: 'diamonds' }, uz: { name: '86 olmos', unit: 'olmos' } },
    amount: 86,
    priceUsd: 1.49,
    priceRub: 118,
  });
  large = await denomination({
    name: '172 алмаза',
    translations: { en: { name: '172 Diamonds', unit: 'diamonds' }, uz: { name: '172 olmos', unit: 'olmos' } },
    amount: 172,
    priceUsd: 2.99,
    priceRub: 236,
    sortOrder: 1,
  });
});

afterAll(() => store?.close());

let counter = 0;
/** A player id of its own per test that the sandbox knows (ending in 7), or ending as given. */
const playerId = (ending = '7') => `${512_000_000 + (counter += 1) * 10}${ending}`.slice(0, 12);

const topupData = (denominationId: number, player: string, currency: 'usd' | 'rub', fields: Record<string, unknown> = {}) => ({
  service: 'mobile-legends',
  offer_id: denominationId,
  offer_name: '86 алмазов',
  price_usd: 1.49,
  price_rub: 118,
  fields: { player_id: player, zone_id: '2001' },
  player_id: player,
  login: player,
  input_currency: currency,
  currency,
  commission: 0,
  image_url: '',
  ...fields,
});

async function shopper(): Promise<TestUser> {
  const user = await app.createUser();
  await store.fixtures.fundBalance(user.id, 'rub', 100_000);
  await store.fixtures.fundBalance(user.id, 'usd', 10_000);
  return user;
}

const codeCrypto = () => createCodeCrypto(app.config.codesKey);

const deliver = (orderId: number) =>
  createFulfilmentService({ db: app.db, logger: pino({ level: 'silent' }), games, codeCrypto: codeCrypto() }).fulfilOrder(orderId);

describe('a game created in the back office', () => {
  it('is a game record, audited, and a top-up product of the catalogue that search finds', async () => {
    const read = await asAdmin('GET', `/api/admin/games/${game.id}`);
    expect(read.body).toMatchObject({
      slug: 'mobile-legends',
      title: 'Mobile Legends',
      imageUrl: '',
      playerCheck: true,
      active: true,
      pricing: 'denominations',
      denominationCount: 2,
      fields: [
        { key: 'player_id', label: 'ID игрока', kind: 'text', pattern: '^[0-9]{5,12}$', required: true, translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } } },
        { key: 'zone_id', label: 'Зона', kind: 'text', pattern: '^[0-9]{1,5}$', required: true, translations: { en: { label: 'Zone ID' }, uz: { label: 'Zona ID' } } },
      ],
    });
    expect((await auditRowsOf(app, 'game', game.id)).map((row) => row.action)).toEqual(['game.create']);
    expect((await auditRowsOf(app, 'game_denomination', small.id)).map((row) => row.action)).toEqual(['game_denomination.create']);

    const catalogue = await app.request('GET', '/api/products?lang=en');
    expect(catalogue.body.find((product: { slug: string }) => product.slug === 'mobile-legends')).toMatchObject({
      id: game.productId,
      title: 'Mobile Legends',
      description: 'Diamonds by player and zone id',
      category: 'topup',
      is_game: true,
    });
    const found = await app.request('GET', `/api/products?search=${encodeURIComponent('mobile legends')}`);
    expect(found.body.map((product: { slug: string }) => product.slug)).toEqual(['mobile-legends']);
    const listed = await asAdmin('GET', `/api/admin/game-denominations?filter=${encodeURIComponent(JSON.stringify({ gameId: game.id }))}`);
    expect(listed.headers.get('content-range')).toBe('game-denominations 0-1/2');
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([small.id, large.id]);
    expect(listed.body[0]).toMatchObject({ sources: [{ kind: 'sandbox', priority: 1 }], availableCodes: 0, priceUsd: 1.49, priceRub: 118, itemId: null });
  });

  it("answers GET /api/games/:slug in the shopper's language", async () => {
    const inUzbek = await app.request('GET', '/api/games/mobile-legends?lang=uz');
    expect(inUzbek.status).toBe(200);
    expect(inUzbek.body).toEqual({
      slug: 'mobile-legends',
      title: 'Mobile Legends',
      description: "O'yinchi va zona ID bo'yicha olmoslar",
      image_url: '',
      player_check: true,
      fields: [
        { key: 'player_id', label: "O'yinchi ID", kind: 'text', pattern: '^[0-9]{5,12}$', required: true },
        { key: 'zone_id', label: 'Zona ID', kind: 'text', pattern: '^[0-9]{1,5}$', required: true },
      ],
      denominations: [
        { id: small.id, name: '86 olmos', amount: 86, unit: 'olmos', price_usd: 1.49, price_rub: 118 },
        { id: large.id, name: '172 olmos', amount: 172, unit: 'olmos', price_usd: 2.99, price_rub: 236 },
      ],
    });
    const inRussian = await app.request('GET', '/api/games/mobile-legends');
    expect(inRussian.body.fields[1].label).toBe('Зона');
    expect(inRussian.body.denominations[0]).toMatchObject({ name: '86 алмазов', unit: 'алмазов' });
  });

  it('finds a player by the fields, and answers an unknown one on the page', async () => {
    const player = playerId();
    const found = await app.request('POST', '/api/games/mobile-legends/check-player', { body: { fields: { player_id: player, zone_id: '2001' } } });
    expect(found.body).toEqual({ success: true, player_name: `Player${player.slice(-4)}` });
    const unknown = await app.request('POST', '/api/games/mobile-legends/check-player', { body: { fields: { player_id: playerId('0'), zone_id: '2001' } } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: false, error: 'Player not found' });
  });

  it('refuses malformed fields with 400 naming each one', async () => {
    const check = (fields: unknown) => app.request('POST', '/api/games/mobile-legends/check-player', { body: { fields } });
    const cases: Array<[unknown, Array<{ field: string; message: string }>]> = [
      [{ player_id: '12' }, [{ field: 'fields.player_id', message: 'game_field_pattern_mismatch' }, { field: 'fields.zone_id', message: 'game_field_required' }]],
      [{ player_id: '512345678', zone_id: '2001', server: 'eu' }, [{ field: 'fields.server', message: 'game_field_unknown' }]],
    ];
    for (const [fields, details] of cases) {
      const response = await check(fields);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details });
    }
    expect((await check({ player_id: 512345678 })).status).toBe(400);
  });
});

describe('buying it', () => {
  it('from the balance: charged the server price, delivered by the sandbox, the receipt in three languages', async () => {
    const user = await shopper();
    const player = playerId();
    const placed = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'rub', topupData: topupData(small.id, player, 'rub') } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { orderId } = placed.body;
    expect(await app.db('orders').where({ id: orderId }).first('total', 'currency', 'kind')).toEqual({ total: 11_800, currency: 'rub', kind: 'topup' });
    expect(await app.db('balances').where({ user_id: user.id, currency: 'rub' }).first('amount')).toEqual({ amount: 100_000 - 11_800 });

    await deliver(orderId);
    expect(await games.creditsOf('mobile-legends', player)).toEqual([
      expect.objectContaining({ idempotencyKey: expect.stringMatching(/^\d+-1$/), amount: 86, unit: 'алмазов', offerId: small.id }),
    ]);
    const receipt = async (lang: string) => (await app.request('GET', `/api/orders/${orderId}?lang=${lang}`, { token: user.token })).body;
    const russian = await receipt('ru');
    expect(russian.status).toBe('completed');
    expect(russian.items[0].topup_data).toMatchObject({
      service: 'mobile-legends',
      game_title: 'Mobile Legends',
      offer_name: '86 алмазов',
      fields: { player_id: player, zone_id: '2001' },
      field_values: [
        { key: 'player_id', label: 'ID игрока', value: player },
        { key: 'zone_id', label: 'Зона', value: '2001' },
      ],
      player_id: player,
      player_name: `Player${player.slice(-4)}`,
    });
    expect((await receipt('en')).items[0].topup_data).toMatchObject({
      offer_name: '86 Diamonds',
      game_title: 'Mobile Legends',
      field_values: [
        { key: 'player_id', label: 'Player ID', value: player },
        { key: 'zone_id', label: 'Zone ID', value: '2001' },
      ],
    });
    expect((await receipt('uz')).items[0].topup_data).toMatchObject({
      offer_name: '86 olmos',
      field_values: [expect.objectContaining({ label: "O'yinchi ID" }), expect.objectContaining({ label: 'Zona ID' })],
    });
  });

  it('by card through YooKassa: paid, delivered, and a declined account (ending in 13) refunded', async () => {
    const user = await shopper();
    const player = playerId();
    const body = { type: 'topup', method: 'card', currency: 'rub', topupData: topupData(small.id, player, 'rub') };
    const { orderId, payUrl } = await startGatewayPayment(app, user, body);
    expect(await app.db('orders').where({ id: orderId }).first('status', 'total')).toEqual({ status: 'pending', total: 11_800 });
    await yookassa.succeed(new URL(payUrl).pathname.split('/').pop()!, { notify: false });
    const payment = await app.db('payments').where({ order_id: orderId }).first('id');
    const callbacks = createPaymentCallbackService({
      db: app.db,
      logger,
      gateways: createPaymentGateways({ config: app.config, db: app.db, logger }),
      catalogueChanges: createCatalogueChanges(app.invalidations),
    });
    expect(await callbacks.checkPayment(payment.id)).toBe('paid');
    await deliver(orderId);
    expect((await app.db('orders').where({ id: orderId }).first('status')).status).toBe('completed');
    expect(await games.creditsOf('mobile-legends', player)).toHaveLength(1);
  });

  it('refunds a top-up the game declines for good', async () => {
    const user = await shopper();
    const player = playerId('13');
    const placed = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'usd', topupData: topupData(small.id, player, 'usd') } });
    expect(placed.status).toBe(201);
    await deliver(placed.body.orderId);
    expect(await app.db('orders').where({ id: placed.body.orderId }).first('status')).toEqual({ status: 'failed' });
    expect(await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first('amount')).toEqual({ amount: 10_000 });
  });

  it('delivers from its sources by priority: a code of the stock while there is one, else the game provider', async () => {
    const stocked = await asAdmin('POST', '/api/admin/game-denominations', {
      gameId: game.id,
      name: '500 алмазов',
      unit: 'алмазов',
      amount: 500,
      priceUsd: 1.49,
      priceRub: 118,
      sources: [
        { kind: 'sandbox', priority: 2 },
        { kind: 'code_stock', priority: 1 },
      ],
    });
    expect(stocked.body.sources).toEqual([
      { kind: 'code_stock', supplierProductId: null, priority: 1 },
      { kind: 'sandbox', supplierProductId: null, priority: 2 },
    ]);
    const user = await shopper();
    const buy = async (player: string) => {
      const placed = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'rub', topupData: topupData(stocked.body.id, player, 'rub') } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      await deliver(placed.body.orderId);
      expect((await app.db('orders').where({ id: placed.body.orderId }).first('status')).status).toBe('completed');
      return placed.body.orderId as number;
    };

    // No code in stock: the provider credits the denomination.
    const first = playerId();
    await buy(first);
    expect(await games.creditsOf('mobile-legends', first)).toEqual([expect.objectContaining({ amount: 500, offerId: stocked.body.id })]);

    // A code in stock: the order holds it and the game redeems it for the account.
    const code = 'ML-500-0001';
    const [stockCode] = await app.db('stock_codes').insert({ source: 'pubg_redemption', denomination_id: stocked.body.id, code_encrypted: codeCrypto().encrypt(code), code_hash: codeCrypto().hash(code) }).returning('number as id');
    const second = playerId();
    const orderId = await buy(second);
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ number: stockCode.id }).first('status', 'order_id')).toEqual({ status: 'used', order_id: orderId });
    expect(await games.creditsOf('mobile-legends', second)).toEqual([expect.objectContaining({ idempotencyKey: `order:${orderId}:code:${stockCode.id}`, codeHash: expect.any(String) })]);
  });

  it('refuses a forged price (409), a denomination of another game (409), bad fields (400), an unknown player (422)', async () => {
    const user = await shopper();
    const order = (data: Record<string, unknown>) => app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'rub', topupData: data } });
    expect((await order(topupData(small.id, playerId(), 'rub', { price_rub: 1 }))).body.error.code).toBe('PRICE_CHANGED');
    const pubgPackage = await store.fixtures.pubgPackage({ priceUsd: 149, priceRub: 11_800, codes: 1 });
    expect((await order(topupData(pubgPackage.id, playerId(), 'rub'))).status).toBe(409);
    const badZone = await order(topupData(small.id, playerId(), 'rub', { fields: { player_id: playerId(), zone_id: 'eu' } }));
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.details).toEqual([{ field: 'topupData.fields.zone_id', message: 'game_field_pattern_mismatch' }]);
    const withoutFields = await order({ ...topupData(small.id, playerId(), 'rub'), fields: undefined });
    expect(withoutFields.status).toBe(400);
    const unknown = await order(topupData(small.id, playerId('0'), 'rub'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual({ field: 'fields.player_id' });
    expect(await app.db('orders').where({ user_id: user.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

describe('the back office rules', () => {
  it('refuses a slug a product already has (409), bad fields and patterns (400), and changes nothing', async () => {
    const product = await store.fixtures.product();
    const clash = await asAdmin('POST', '/api/admin/games', { ...MOBILE_LEGENDS, slug: product.slug });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'CONFLICT', details: { field: 'slug' } });
    expect((await asAdmin('POST', '/api/admin/games', MOBILE_LEGENDS)).status).toBe(409);
    const fresh = { ...MOBILE_LEGENDS, slug: 'genshin-impact', title: 'Genshin Impact' };
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ fields: [] }, 'fields'],
      [{ fields: [{ ...MOBILE_LEGENDS.fields[0], pattern: '(a)\\1' }] }, 'fields.0.pattern'],
      [{ fields: [MOBILE_LEGENDS.fields[0], MOBILE_LEGENDS.fields[0]] }, 'fields.1.key'],
      [{ fields: [{ key: 'server', label: 'Сервер', kind: 'select', required: true }] }, 'fields.0.choices'],
      [{ fields: [{ ...MOBILE_LEGENDS.fields[0], key: 'Player ID' }] }, 'fields.0.key'],
      [{ fields: [{ ...MOBILE_LEGENDS.fields[0], kind: 'date' }] }, 'fields.0.kind'],
      [{ slug: 'Genshin Impact' }, 'slug'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ];
    for (const [change, field] of invalid) {
      const response = await asAdmin('POST', '/api/admin/games', { ...fresh, ...change });
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(JSON.stringify(response.body.error.details)).toContain(field);
    }
    expect(await app.db('products').where({ slug: 'genshin-impact' }).first()).toBeUndefined();
  });

  it('takes a select field with choices, and a denomination of Steam (priced from an amount) is refused', async () => {
    const genshin = await asAdmin('POST', '/api/admin/games', {
      slug: 'genshin-impact',
      title: 'Genshin Impact',
      fields: [
        { key: 'uid', label: 'UID', kind: 'number', pattern: '^[0-9]{9}$', required: true },
        {
          key: 'server',
          label: 'Сервер',
          kind: 'select',
          required: true,
          choices: [
            { value: 'eu', label: 'Европа', translations: { en: { label: 'Europe' } } },
            { value: 'asia', label: 'Азия' },
          ],
        },
      ],
    });
    expect(genshin.status, JSON.stringify(genshin.body)).toBe(201);
    expect((await app.request('GET', '/api/games/genshin-impact?lang=en')).body.fields[1]).toEqual({
      key: 'server',
      label: 'Сервер',
      kind: 'select',
      pattern: null,
      required: true,
      choices: [
        { value: 'eu', label: 'Europe' },
        { value: 'asia', label: 'Азия' },
      ],
    });
    const steam = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'steam').first('g.id');
    const refused = await asAdmin('POST', '/api/admin/game-denominations', { gameId: steam.id, name: '10 USD', unit: 'USD', amount: 10, priceUsd: 10, priceRub: 790 });
    expect(refused.status).toBe(409);
  });

  it('hides an inactive game: 404 for its page, its player check and its top-ups; audited', async () => {
    const other = await asAdmin('POST', '/api/admin/games', { ...MOBILE_LEGENDS, slug: 'free-city', title: 'Free City' });
    const denomination = await asAdmin('POST', '/api/admin/game-denominations', { gameId: other.body.id, name: '10', unit: '', amount: 10, priceUsd: 1, priceRub: 79 });
    const deactivated = await asAdmin('PUT', `/api/admin/games/${other.body.id}`, { ...other.body, active: false });
    expect(deactivated.body.active).toBe(false);
    expect((await auditRowsOf(app, 'game', other.body.id)).at(-1)).toMatchObject({
      action: 'game.update',
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });
    expect((await app.request('GET', '/api/games/free-city')).status).toBe(404);
    expect((await app.request('POST', '/api/games/free-city/check-player', { body: { fields: { player_id: '512345677', zone_id: '1' } } })).status).toBe(404);
    const user = await shopper();
    const order = await app.request('POST', '/api/orders/topup', {
      token: user.token,
      body: { currency: 'usd', topupData: { ...topupData(denomination.body.id, '512345677', 'usd'), service: 'free-city', price_usd: 1 } },
    });
    expect(order.status).toBe(404);
    expect((await app.request('GET', '/api/products/slug/free-city')).status).toBe(404);
  });
});
