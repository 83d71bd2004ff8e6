import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameProviderUnavailableError, SandboxGameProvider } from '../../providers/game';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { steamTopup } from '../../testing/topup-data';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.rate('kzt', 'usd', '0.002083');
  await fixtures.steamCommission('3');
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const PLAYER = '51234567';
const IMAGE = '/images/freefire.svg';

const order = (user: Pick<TestUser, 'token'>, body: unknown) => app.request('POST', '/api/orders/topup', { token: user.token, body });

async function shopper(funds: { usd?: number; rub?: number } = { usd: 100_000, rub: 10_000_000 }) {
  const user = await app.createUser();
  if (funds.usd) await fixtures.fundBalance(user.id, 'usd', funds.usd);
  if (funds.rub) await fixtures.fundBalance(user.id, 'rub', funds.rub);
  return user;
}

/** What the Free Fire page sends for an offer (prices as decimals, as the API speaks). */
const freefireData = (offer: { itemId: number; name: string }, fields: Record<string, unknown> = {}) => ({
  service: 'freefire',
  login: '',
  player_id: PLAYER,
  offer_id: offer.itemId,
  offer_name: offer.name,
  price_usd: 1.99,
  price_rub: 157.21,
  input_currency: 'usd',
  currency: 'usd',
  commission: 0,
  image_url: IMAGE,
  ...fields,
});

/** Everything a refused order must leave as it was. */
async function snapshot(userId: number) {
  return {
    balances: await app.db('balances').where({ user_id: userId }).orderBy('currency').select('currency', 'amount'),
    ledger: await app.db('balance_ledger').where({ user_id: userId }).count({ n: '*' }).first(),
    orders: await app.db('orders').where({ user_id: userId }).count({ n: '*' }).first(),
  };
}

const outboxJobsFor = (orderId: number) =>
  app.db('outbox').where({ queue: 'fulfilment', job_name: 'fulfil-order' }).whereRaw("(payload->>'orderId')::bigint = ?", [orderId]);

describe('POST /api/orders/topup: Free Fire', () => {
  it('charges the offer price from the balance, writes the order with the server-validated top-up, and queues fulfilment', async () => {
    const user = await shopper({ usd: 1000 });
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100, name: '100 Diamonds' });
    const response = await order(user, { topupData: freefireData(offer, { offer_name: 'Free diamonds!' }), currency: 'usd' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, orderId: expect.any(Number), status: 'processing' });
    const { orderId } = response.body;

    const row = await app.db('orders').where({ id: orderId }).first();
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'processing',
      kind: 'topup',
      payment_method: 'balance',
      currency: 'usd',
      total: 199,
      total_usd: 199,
      rate_usd_rub: '79.000000',
    });
    expect(row.paid_at).toBeInstanceOf(Date);
    const items = await app.db('order_items').where({ order_id: orderId });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      item_type: 'topup',
      amount: 199,
      price_usd: 199,
      price_rub: 15_721,
      game_amount: 100,
      rate_used: '79.000000',
      provider_status: 'pending',
      provider_reference: null,
      stock_code_id: null,
    });
    expect(items[0].topup_data).toEqual({
      service: 'freefire',
      login: PLAYER,
      player_id: PLAYER,
      player_name: 'Player4567',
      offer_id: offer.itemId,
      offer_name: '100 Diamonds',
      price_usd: 1.99,
      price_rub: 157.21,
      input_currency: 'usd',
      currency: 'usd',
      commission: 0,
      image_url: IMAGE,
    });
    const ledger = await app.db('balance_ledger').where({ user_id: user.id, reason: 'order_payment' });
    expect(ledger).toEqual([expect.objectContaining({ currency: 'usd', amount: -199, balance_after: 801, order_id: orderId, reference: `order:${orderId}:payment` })]);
    expect(await outboxJobsFor(orderId)).toHaveLength(1);

    const listed = await app.request('GET', '/api/orders', { token: user.token });
    expect(listed.body[0]).toMatchObject({ id: orderId, status: 'processing', total: 1.99, items: [{ item_type: 'topup', topup_data: { login: PLAYER } }] });
  });

  it('charges the RUB price when paying in RUB', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const response = await order(user, { topupData: freefireData(offer, { currency: 'rub', input_currency: 'rub' }), currency: 'rub' });
    expect(response.status).toBe(201);
    expect(await app.db('orders').where({ id: response.body.orderId }).first()).toMatchObject({ currency: 'rub', total: 15_721, total_usd: 199 });
    expect(await app.db('balances').where({ user_id: user.id, currency: 'rub' }).first()).toMatchObject({ amount: 10_000_000 - 15_721 });
  });

  it('refuses an offer that is inactive or unknown with 409 PRICE_CHANGED', async () => {
    const user = await shopper();
    const inactive = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, active: false });
    const before = await snapshot(user.id);
    for (const topupData of [freefireData(inactive), freefireData({ itemId: 16_777_300, name: 'Gone' })]) {
      const response = await order(user, { topupData, currency: 'usd' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('PRICE_CHANGED');
    }
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses to sell in a currency the offer has no price in (422)', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 0 });
    const response = await order(user, { topupData: freefireData(offer, { price_rub: 0 }), currency: 'rub' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('UNPROCESSABLE');
  });
});

describe('POST /api/orders/topup: PUBG', () => {
  it('charges the sum of the chosen packages and reserves one code per package', async () => {
    const user = await shopper();
    const small = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 3 });
    const large = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const topupData = {
      service: 'pubg',
      login: null,
      player_id: PLAYER,
      offer_id: -1,
      offer_name: 'whatever',
      price_usd: 6.97,
      price_rub: 550.63,
      input_currency: 'rub',
      currency: 'rub',
      commission: 0,
      image_url: '/images/pubg.svg',
      packages: [
        { denomination_id: large.id, quantity: 1 },
        { denomination_id: small.id, quantity: 1 },
        { denomination_id: small.id, quantity: 1 },
      ],
    };
    const response = await order(user, { topupData, currency: 'rub' });
    expect(response.status).toBe(201);
    const { orderId } = response.body;
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ kind: 'topup', currency: 'rub', total: 55_063, total_usd: 697 });
    const item = await app.db('order_items').where({ order_id: orderId }).first();
    const totalUc = large.ucAmount + 2 * small.ucAmount;
    expect(item).toMatchObject({ amount: 55_063, price_usd: 697, price_rub: 55_063, game_amount: totalUc, provider_status: 'pending' });
    expect(item.topup_data).toMatchObject({
      service: 'pubg',
      offer_id: -1,
      offer_name: `PUBG Topup ${totalUc} UC`,
      price_usd: 6.97,
      price_rub: 550.63,
      packages: [
        { denomination_id: large.id, quantity: 1, uc_amount: large.ucAmount, price_usd: 4.99, price_rub: 394.21 },
        { denomination_id: small.id, quantity: 1, uc_amount: small.ucAmount, price_usd: 0.99, price_rub: 78.21 },
        { denomination_id: small.id, quantity: 1, uc_amount: small.ucAmount, price_usd: 0.99, price_rub: 78.21 },
      ],
    });
    const codes = await app.db('stock_codes').where({ source: 'pubg_redemption' }).whereIn('denomination_id', [small.id, large.id]).orderBy('number');
    expect(codes.map((code) => [code.denomination_id, code.status, code.order_id])).toEqual([
      [small.id, 'reserved', orderId],
      [small.id, 'reserved', orderId],
      [small.id, 'available', null],
      [large.id, 'reserved', orderId],
    ]);
  });

  it('refuses packages without enough available codes with 409 OUT_OF_STOCK, changing nothing', async () => {
    const user = await shopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 1 });
    const before = await snapshot(user.id);
    const response = await order(user, {
      topupData: { service: 'pubg', player_id: PLAYER, offer_id: -1, price_usd: 1.98, price_rub: 156.42, packages: [{ denomination_id: pkg.id }, { denomination_id: pkg.id }] },
      currency: 'usd',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'OUT_OF_STOCK', details: { denominationId: pkg.id, requested: 2, available: 1 } });
    expect(await snapshot(user.id)).toEqual(before);
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id }).first()).toMatchObject({ status: 'available', order_id: null });
  });

  it('10 shoppers racing for 3 codes: 3 orders, no code reserved twice, the others charged nothing', async () => {
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 3 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper({ usd: 99 })));
    const body = {
      topupData: { service: 'pubg', player_id: PLAYER, offer_id: -1, price_usd: 0.99, price_rub: 78.21, packages: [{ denomination_id: pkg.id, quantity: 1 }] },
      currency: 'usd',
    };
    const responses = await Promise.all(shoppers.map((user) => order(user, body)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('OUT_OF_STOCK');
    }
    const codes = await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id });
    expect(new Set(codes.map((code) => code.order_id)).size).toBe(3);
    const charged = await app.db('balances').whereIn('user_id', shoppers.map((user) => user.id)).where({ currency: 'usd', amount: 0 });
    expect(charged).toHaveLength(3);
  });

  it('refuses an inactive package with 409 PRICE_CHANGED', async () => {
    const user = await shopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 1, active: false });
    const response = await order(user, {
      topupData: { service: 'pubg', player_id: PLAYER, offer_id: -1, price_usd: 0.99, price_rub: 78.21, packages: [{ denomination_id: pkg.id }] },
      currency: 'usd',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { denomination_ids: [pkg.id] } });
  });
});

describe('POST /api/orders/topup: Steam', () => {
  const steamData = steamTopup;

  it('charges the calculation: the USD amount plus commission, in the balance currency', async () => {
    const user = await shopper();
    const response = await order(user, { topupData: steamData(), currency: 'usd' });
    expect(response.status).toBe(201);
    const { orderId } = response.body;
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ currency: 'usd', total: 1030, total_usd: 1030 });
    const item = await app.db('order_items').where({ order_id: orderId }).first();
    expect(item).toMatchObject({ amount: 1030, price_usd: 1030, price_rub: 81_370, game_amount: null });
    expect(item.topup_data).toEqual({
      service: 'steam',
      login: 'gabe_N1',
      player_id: 'gabe_N1',
      player_name: 'gabe_N1',
      offer_id: 0,
      offer_name: 'Steam 10 USD',
      price_usd: 10,
      price_rub: 790,
      input_currency: 'usd',
      currency: 'usd',
      commission: 0.3,
      image_url: '/images/steam.svg',
      user_balance_currency: 'usd',
      amount: 10,
    });
  });

  it('prices a KZT amount for a RUB balance as /steam/calculate does', async () => {
    const user = await shopper();
    const calculation = await app.request('POST', '/api/steam/calculate', {
      token: user.token,
      body: { amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'rub' },
    });
    const { amountInUSD, commission, amountInUserCurrency, amountInRUB } = calculation.body.calculation;
    const topupData = steamData({
      offer_name: 'Steam 5000 KZT',
      price_usd: amountInUSD,
      price_rub: amountInRUB,
      input_currency: 'kzt',
      currency: 'rub',
      user_balance_currency: 'rub',
      commission,
      amount: 5000,
    });
    const response = await order(user, { topupData, currency: 'rub' });
    expect(response.status).toBe(201);
    const row = await app.db('orders').where({ id: response.body.orderId }).first();
    expect(row.total / 100).toBe(amountInUserCurrency);
    // 5000 * 0.002083 * 1.03 * 79 = 847.4697…: rounded once, never from rounded dollars (10.73 * 79 = 847.67).
    expect(row).toMatchObject({ currency: 'rub', total: 84_747, total_usd: 1073 });
  });

  it('charges 1000 RUB at USD->RUB 79 exactly 1030.00 RUB', async () => {
    const user = await shopper();
    const calculation = await app.request('POST', '/api/steam/calculate', {
      token: user.token,
      body: { amount: 1000, inputCurrency: 'rub', userBalanceCurrency: 'rub' },
    });
    const { amountInUSD, commission, amountInRUB } = calculation.body.calculation;
    expect(calculation.body.calculation).toMatchObject({ amountInUserCurrency: 1030, amountInRUB: 1000 });
    const topupData = steamData({
      offer_name: 'Steam 1000 RUB',
      price_usd: amountInUSD,
      price_rub: amountInRUB,
      input_currency: 'rub',
      currency: 'rub',
      user_balance_currency: 'rub',
      commission,
      amount: 1000,
    });
    const response = await order(user, { topupData, currency: 'rub' });
    expect(response.status).toBe(201);
    expect(await app.db('orders').where({ id: response.body.orderId }).first('total')).toEqual({ total: 103_000 });
  });

  it('refuses a forged commission or amount price with 409, charging nothing', async () => {
    const user = await shopper();
    const before = await snapshot(user.id);
    for (const topupData of [steamData({ commission: 0 }), steamData({ price_usd: 1 }), steamData({ amount: 100 })]) {
      const response = await order(user, { topupData, currency: 'usd' });
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currency: 'usd', commission: expect.any(Number) } });
    }
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses an unknown login with 422', async () => {
    const user = await shopper();
    const response = await order(user, { topupData: steamData({ login: 'no such login' }), currency: 'usd' });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'UNPROCESSABLE', details: { field: 'login' } });
  });

  it.each([[0], [0.5]])("answers 400 'Invalid amount' for an amount of %j, below the minimum of 1, creating nothing", async (amount) => {
    const user = await shopper();
    const before = await snapshot(user.id);
    const response = await order(user, { topupData: steamData({ amount, price_usd: amount }), currency: 'usd' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid amount',
      details: [{ field: 'topupData.amount', message: 'steam_amount_below_minimum' }],
    });
    expect(await snapshot(user.id)).toEqual(before);
  });
});

describe('POST /api/orders/topup: refusals', () => {
  it('refuses forged Free Fire and PUBG prices with 409 PRICE_CHANGED and the server price, charging nothing', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 2 });
    const before = await snapshot(user.id);

    const forgedUsd = await order(user, { topupData: freefireData(offer, { price_usd: 0.01 }), currency: 'usd' });
    expect(forgedUsd.status).toBe(409);
    expect(forgedUsd.body.error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { currency: 'usd', price: 1.99, price_usd: 1.99, price_rub: 157.21, commission: 0 },
    });
    const forgedRub = await order(user, { topupData: freefireData(offer, { price_rub: 1 }), currency: 'rub' });
    expect(forgedRub.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currency: 'rub', price: 157.21 } });
    const forgedCommission = await order(user, { topupData: freefireData(offer, { commission: 1 }), currency: 'usd' });
    expect(forgedCommission.body.error.code).toBe('PRICE_CHANGED');
    const forgedPubg = await order(user, {
      topupData: { service: 'pubg', player_id: PLAYER, offer_id: -1, price_usd: 0.5, price_rub: 78.21, packages: [{ denomination_id: pkg.id }] },
      currency: 'usd',
    });
    expect(forgedPubg.status).toBe(409);
    expect(forgedPubg.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { price: 0.99 } });

    expect(await snapshot(user.id)).toEqual(before);
    expect(await app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: pkg.id, status: 'available' })).toHaveLength(2);
  });

  it('refuses a player the game does not know with 422 before charging', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const before = await snapshot(user.id);
    const response = await order(user, { topupData: freefireData(offer, { player_id: '12345670' }), currency: 'usd' });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'UNPROCESSABLE', details: { field: 'player_id' } });
    expect(response.body.error.message).toMatch(/12345670/);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('answers 409 INSUFFICIENT_BALANCE "You need X but have Y", charging nothing', async () => {
    const user = await shopper({ usd: 100 });
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const before = await snapshot(user.id);
    const response = await order(user, { topupData: freefireData(offer), currency: 'usd' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'You need 1.99 USD but have 1.00 USD' });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('answers 503 while the game cannot verify the player, charging nothing', async () => {
    vi.spyOn(SandboxGameProvider.prototype, 'checkPlayer').mockRejectedValue(new GameProviderUnavailableError('down'));
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const before = await snapshot(user.id);
    const response = await order(user, { topupData: freefireData(offer, { player_id: '7654321' }), currency: 'usd' });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses a price raised while the game checked the player with 409 PRICE_CHANGED and the new price, charging nothing', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const checkPlayer = SandboxGameProvider.prototype.checkPlayer;
    vi.spyOn(SandboxGameProvider.prototype, 'checkPlayer').mockImplementation(async function (this: SandboxGameProvider, ...args) {
      await app.db('game_denominations').where({ id: offer.denominationId }).update({ price_usd: 249 });
      return checkPlayer.apply(this, args);
    });
    const before = await snapshot(user.id);
    const response = await order(user, { topupData: freefireData(offer, { player_id: '7654329' }), currency: 'usd' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { price: 2.49 } });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('requires a login', async () => {
    const response = await app.request('POST', '/api/orders/topup', { body: { topupData: { service: 'steam' }, currency: 'usd' } });
    expect(response.status).toBe(401);
  });

  it('rejects malformed bodies with 400, changing nothing', async () => {
    const user = await shopper();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const pubg = { service: 'pubg', player_id: PLAYER, offer_id: -1, price_usd: 0.99, price_rub: 78.21, packages: [{ denomination_id: 1 }] };
    const before = await snapshot(user.id);
    for (const body of [
      { topupData: freefireData(offer), currency: 'usd', total: 0 },
      { topupData: freefireData(offer, { discount: 1 }), currency: 'usd' },
      { topupData: freefireData(offer), currency: 'eur' },
      { topupData: freefireData(offer) },
      { topupData: freefireData(offer, { player_id: undefined }), currency: 'usd' },
      { topupData: freefireData(offer, { player_id: '  ' }), currency: 'usd' },
      { topupData: freefireData(offer, { offer_id: undefined }), currency: 'usd' },
      { topupData: freefireData(offer, { price_usd: '1.99' }), currency: 'usd' },
      { topupData: freefireData(offer, { service: 'roblox' }), currency: 'usd' },
      { topupData: { ...pubg, packages: undefined }, currency: 'usd' },
      { topupData: { ...pubg, packages: [] }, currency: 'usd' },
      { topupData: { ...pubg, packages: [{ denomination_id: 1, quantity: 2 }] }, currency: 'usd' },
      { topupData: { ...pubg, packages: [{ denomination_id: 1, price_usd: 0 }] }, currency: 'usd' },
      { topupData: { service: 'steam', price_usd: 10, price_rub: 790, input_currency: 'usd', login: 'gabe_N1' }, currency: 'usd' },
    ]) {
      const response = await order(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(user.id)).toEqual(before);
  });
});
