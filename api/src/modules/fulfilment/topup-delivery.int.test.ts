import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { GameProviderUnavailableError, SandboxGameProvider } from '../../providers/game';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { pubgTopup, startGatewayPayment } from '../../testing/topup-data';
import { createFulfilmentService, type FulfilmentService } from '../fulfilment/fulfilment.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let games: SandboxGameProvider;
let fulfilment: FulfilmentService;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.steamCommission('3');
  // The same records as the API's own sandbox instance: they share the Redis prefix.
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  fulfilment = createFulfilmentService({
    db: app.db,
    logger: pino({ level: 'silent' }),
    games,
    codeCrypto: createCodeCrypto(app.config.codesKey),
  });
});

afterAll(async () => {
  await app.close();
});

let counter = 0;
/** A player id of its own per test (ending in 7, so it exists and tops up fine), or ending as given. */
const playerId = (ending = '7') => `${300_000 + (counter += 1)}${ending}`;

async function shopper(): Promise<TestUser> {
  const user = await app.createUser();
  await fixtures.fundBalance(user.id, 'usd', 100_000);
  await fixtures.fundBalance(user.id, 'rub', 10_000_000);
  return user;
}

async function placeOrder(user: TestUser, topupData: Record<string, unknown>, currency = 'usd'): Promise<number> {
  const response = await app.request('POST', '/api/orders/topup', { token: user.token, body: { topupData, currency } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.orderId;
}

async function freefireOrder(user: TestUser, player: string) {
  const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
  const orderId = await placeOrder(user, { service: 'freefire', player_id: player, offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 });
  return { orderId, offer };
}

async function pubgOrder(user: TestUser, player: string, packages: Array<{ id: number }>, priceUsd: number) {
  return placeOrder(user, {
    service: 'pubg',
    player_id: player,
    offer_id: -1,
    price_usd: priceUsd,
    price_rub: 0,
    packages: packages.map((pkg) => ({ denomination_id: pkg.id, quantity: 1 })),
  });
}

const orderRow = (orderId: number) =>
  app.db('orders').where({ id: orderId }).first('status', 'notices', 'completed_at', 'total', 'currency');
const itemRow = (orderId: number) =>
  app.db('order_items').where({ order_id: orderId }).first('id', 'provider_status', 'provider_reference', 'topup_data');
const pubgCodes = (denominationId: number) =>
  app.db('stock_codes').where({ source: 'pubg_redemption' }).where({ denomination_id: denominationId }).orderBy('number').select('number as id', 'status', 'order_id', 'error_message', 'sold_at');
const refunds = (orderId: number) => app.db('balance_ledger').where({ order_id: orderId, reason: 'order_refund' });

/** Balance = sum of its ledger, for both currencies of the user. */
async function expectBalancesMatchLedger(userId: number) {
  for (const currency of ['usd', 'rub']) {
    const balance = await app.db('balances').where({ user_id: userId, currency }).first();
    const entries = await app.db('balance_ledger').where({ user_id: userId, currency });
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(balance.amount);
  }
}

describe('top-up delivery: Free Fire and Steam', () => {
  it('credits the Free Fire player once and completes the order, however often and concurrently it runs', async () => {
    const user = await shopper();
    const player = playerId();
    const { orderId, offer } = await freefireOrder(user, player);
    const calls = vi.spyOn(games, 'deliver');

    await Promise.all([fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId)]);
    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(orderId);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'completed', notices: [] });
    expect(order.completed_at).toBeInstanceOf(Date);
    const item = await itemRow(orderId);
    expect(item).toMatchObject({ provider_status: 'succeeded', provider_reference: expect.stringMatching(/^SBX-/) });
    const credits = await games.creditsOf('freefire', player);
    expect(credits).toEqual([
      { idempotencyKey: `${item.id}-1`, game: 'freefire', account: player, reference: item.provider_reference, amount: 100, unit: '', offerId: offer.itemId },
    ]);
    // Later runs find the order completed and never call the game.
    expect(calls.mock.calls.length).toBeLessThanOrEqual(3);
    calls.mockRestore();

    const detail = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(detail.body.status).toBe('completed');
  });

  it('after a crash between the credit and its record, a rerun looks the attempt up by its reference and records the same credit', async () => {
    const user = await shopper();
    const player = playerId();
    const { orderId, offer } = await freefireOrder(user, player);
    // The run wrote its attempt, the game credited it, and the process died before the answer was kept.
    const item = await itemRow(orderId);
    const sandbox = await app.db('suppliers').where({ kind: 'sandbox' }).first('id');
    await app.db('supplier_orders').insert({ order_id: orderId, order_item_id: item.id, attempt: 1, supplier_id: sandbox.id, reference: `${item.id}-1` });
    const applied = await games.deliver({ account: { game: 'freefire', fields: [{ key: 'player_id', value: player }] }, offer: { id: offer.itemId, amount: 100, unit: '' }, idempotencyKey: `${item.id}-1` });
    expect(applied.status).toBe('succeeded');

    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    expect((await itemRow(orderId)).provider_reference).toBe((applied as { reference: string }).reference);
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
  });

  it("credits a Steam wallet the RUB value of an amount entered in KZT, at the order's rate, rounded once", async () => {
    const user = await shopper();
    const login = `steam_user_${counter += 1}`;
    await fixtures.rate('kzt', 'usd', '0.002083');
    const calculation = await app.request('POST', '/api/steam/calculate', {
      token: user.token,
      body: { amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'usd' },
    });
    const { amountInUSD, commission, amountInRUB } = calculation.body.calculation;
    const orderId = await placeOrder(user, {
      service: 'steam',
      login,
      player_id: login,
      offer_id: 0,
      price_usd: amountInUSD,
      price_rub: amountInRUB,
      input_currency: 'kzt',
      commission,
      amount: 5000,
      user_balance_currency: 'usd',
    });
    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    // 5000 KZT at KZT to USD 0.002083 is 10.415 USD, at USD to RUB 79 exactly 822.785 RUB: 822.79 RUB paid out.
    expect(amountInRUB).toBe(822.79);
    expect(await games.creditsOf('steam', login)).toMatchObject([{ idempotencyKey: `${(await itemRow(orderId)).id}-1`, amount: 82_279, unit: 'RUB' }]);
  });

  it('refunds a declined top-up (a player id ending in 13) on the ledger and fails the order with a reason', async () => {
    const user = await shopper();
    const player = playerId('13');
    const { orderId } = await freefireOrder(user, player);
    const before = await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first();
    expect(before.amount).toBe(100_000 - 199);

    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(orderId);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'failed', completed_at: null });
    // Stored as a code with its parameters (money in minor units), answered with the money in decimals.
    const declined = { code: 'TOPUP_DECLINED', params: { game: 'freefire', account: player, refundTo: 'balance', deliveredUc: 0 } };
    expect(order.notices).toEqual([{ ...declined, params: { ...declined.params, refund: { amount: 199, currency: 'usd' } } }]);
    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.body).toMatchObject({ status: 'failed', notices: [{ ...declined, params: { ...declined.params, refund: { amount: 1.99, currency: 'usd' } } }] });
    expect(await itemRow(orderId)).toMatchObject({ provider_status: 'failed', provider_reference: null });
    expect(await refunds(orderId)).toEqual([
      expect.objectContaining({ user_id: user.id, currency: 'usd', amount: 199, balance_after: 100_000, reference: `order:${orderId}:refund` }),
    ]);
    expect(await app.db('balances').where({ user_id: user.id, currency: 'usd' }).first()).toMatchObject({ amount: 100_000 });
    expect(await games.creditsOf('freefire', player)).toEqual([]);
    await expectBalancesMatchLedger(user.id);

    const detail = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(detail.body.status).toBe('failed');
  });

  it('refunds a declined Steam login in the order currency', async () => {
    const user = await shopper();
    const orderId = await placeOrder(
      user,
      { service: 'steam', login: 'fail13', offer_id: 0, price_usd: 10, price_rub: 790, input_currency: 'usd', commission: 0.3, amount: 10 },
      'rub',
    );
    await fulfilment.fulfilOrder(orderId);
    const order = await orderRow(orderId);
    expect(order.status).toBe('failed');
    expect(order.notices).toEqual([
      {
        code: 'TOPUP_DECLINED',
        params: { game: 'steam', account: 'fail13', refund: { amount: 81_370, currency: 'rub' }, refundTo: 'balance', deliveredUc: 0 },
      },
    ]);
    expect(await refunds(orderId)).toEqual([expect.objectContaining({ currency: 'rub', amount: 81_370 })]);
    await expectBalancesMatchLedger(user.id);
  });

  it('leaves the order processing on a transient failure, for the queue to retry, then completes it', async () => {
    const user = await shopper();
    const player = playerId();
    const { orderId } = await freefireOrder(user, player);
    games.simulateOutage(1);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing', notices: [] });
    expect(await itemRow(orderId)).toMatchObject({ provider_status: 'pending' });
    expect(await refunds(orderId)).toEqual([]);

    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
  });
});

describe('top-up delivery: PUBG', () => {
  it("honours each package's sources: a package without a code falls to the game provider, one without a source is not sold", async () => {
    const user = await shopper();
    const player = playerId();
    const stocked = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 1 });
    const empty = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421 });
    // The code stock first, the game provider next.
    await app.db('game_denomination_sources').insert({ denomination_id: empty.id, kind: 'sandbox', priority: 2 });
    const orderId = await pubgOrder(user, player, [stocked, empty, empty], 10.97);
    expect((await itemRow(orderId)).topup_data.packages.map((pkg: { delivered_by?: string }) => pkg.delivered_by ?? 'code_stock')).toEqual([
      'code_stock',
      'sandbox',
      'sandbox',
    ]);

    await Promise.all([fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId)]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', notices: [] });
    expect((await pubgCodes(stocked.id)).map((code) => [code.status, code.order_id])).toEqual([['used', orderId]]);
    const credits = await games.creditsOf('pubg', player);
    expect(credits.map((credit) => credit.idempotencyKey).sort()).toEqual(
      [`order:${orderId}:code:${stocked.codeIds[0]}`, `${(await itemRow(orderId)).id}-1`, `${(await itemRow(orderId)).id}-2`].sort(),
    );

    // Without any source it is not for sale.
    await app.db('game_denomination_sources').where({ denomination_id: stocked.id }).delete();
    const refused = await app.request('POST', '/api/orders/topup', {
      token: user.token,
      body: { currency: 'usd', topupData: { service: 'pubg', player_id: player, offer_id: -1, price_usd: 0.99, price_rub: 0, packages: [{ denomination_id: stocked.id, quantity: 1 }] } },
    });
    expect(refused.status).toBe(409);
  });

  it('redeems one code per package, marks them used and completes the order', async () => {
    const user = await shopper();
    const player = playerId();
    const small = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 2 });
    const large = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const orderId = await pubgOrder(user, player, [large, small, small], 6.97);

    await Promise.all([fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId)]);
    await fulfilment.fulfilOrder(orderId);

    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', notices: [] });
    const codes = [...(await pubgCodes(small.id)), ...(await pubgCodes(large.id))];
    expect(codes.map((code) => [code.status, code.order_id])).toEqual([
      ['used', orderId],
      ['used', orderId],
      ['used', orderId],
    ]);
    for (const code of codes) expect(code.sold_at).toBeInstanceOf(Date);
    const credits = await games.creditsOf('pubg', player);
    expect(credits.map((credit) => credit.idempotencyKey).sort()).toEqual(codes.map((code) => `order:${orderId}:code:${code.id}`).sort());
    const item = await itemRow(orderId);
    expect(item.provider_status).toBe('succeeded');
    expect(item.provider_reference.split(',').sort()).toEqual(credits.map((credit) => credit.reference).sort());
  });

  it('marks a code the game rejects as error and redeems the next available code of its package', async () => {
    const user = await shopper();
    const player = playerId();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0001', 'UC-GOOD-0001', 'UC-SPARE-0001'] });
    const orderId = await pubgOrder(user, player, [pkg], 0.99);
    const [bad, good, spare] = pkg.codeIds;

    await fulfilment.fulfilOrder(orderId);

    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    expect(await pubgCodes(pkg.id)).toEqual([
      expect.objectContaining({ id: bad, status: 'error', order_id: orderId, error_message: 'Rejected by the game: The code does not exist' }),
      expect.objectContaining({ id: good, status: 'used', order_id: orderId }),
      expect.objectContaining({ id: spare, status: 'available', order_id: null }),
    ]);
    expect(await games.creditsOf('pubg', player)).toEqual([expect.objectContaining({ idempotencyKey: `order:${orderId}:code:${good}` })]);
  });

  it('refunds the whole order when a rejected code has no replacement', async () => {
    const user = await shopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0002'] });
    const orderId = await pubgOrder(user, playerId(), [pkg], 0.99);

    await fulfilment.fulfilOrder(orderId);

    const order = await orderRow(orderId);
    expect(order.status).toBe('failed');
    expect(order.notices).toEqual([
      { code: 'PUBG_OUT_OF_CODES', params: { game: 'pubg', account: expect.any(String), refund: { amount: 99, currency: 'usd' }, refundTo: 'balance', deliveredUc: 0 } },
    ]);
    expect(await refunds(orderId)).toEqual([expect.objectContaining({ amount: 99, currency: 'usd' })]);
    expect(await pubgCodes(pkg.id)).toEqual([expect.objectContaining({ status: 'error', order_id: orderId })]);
    await expectBalancesMatchLedger(user.id);
  });

  it('refunds only the packages it could not deliver', async () => {
    const user = await shopper();
    const player = playerId();
    const good = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const bad = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0003'] });
    const orderId = await pubgOrder(user, player, [good, bad], 5.98);

    await fulfilment.fulfilOrder(orderId);

    const order = await orderRow(orderId);
    expect(order.status).toBe('completed');
    expect(order.notices).toEqual([
      { code: 'PUBG_OUT_OF_CODES', params: { game: 'pubg', account: player, refund: { amount: 99, currency: 'usd' }, refundTo: 'balance', deliveredUc: good.ucAmount } },
    ]);
    expect(await itemRow(orderId)).toMatchObject({ provider_status: 'failed' });
    expect(await refunds(orderId)).toEqual([expect.objectContaining({ amount: 99 })]);
    expect(await games.creditsOf('pubg', player)).toHaveLength(1);
    await expectBalancesMatchLedger(user.id);
  });

  it('refunds the undelivered packages of an order in sums at their USD prices converted at the order rate', async () => {
    await fixtures.usdUzsRate('12650.5');
    const user = await app.createUser();
    const good = await fixtures.pubgPackage({ priceUsd: 499, priceRub: 39_421, codes: 1 });
    const bad = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: ['INVALID-0004'] });
    const { orderId } = await startGatewayPayment(app, user, {
      type: 'topup',
      topupData: pubgTopup([good.id, bad.id], { usd: 5.98, rub: 0 }),
      currency: 'uzs',
      method: 'card',
    });
    // 5.98 USD × 12 650.5 = 75 649.99: 75 650 sums. Paid, as the gateway's notice would make it.
    expect(await orderRow(orderId)).toMatchObject({ currency: 'uzs', total: 7_565_000 });
    await app.db('orders').where({ id: orderId }).update({ status: 'processing', paid_at: app.db.fn.now() });
    await app.db('payments').where({ order_id: orderId }).update({ status: 'paid' });

    await fulfilment.fulfilOrder(orderId);

    // The package left undelivered: 0.99 USD × 12 650.5 = 12 523.995, 12 524 sums (not its 78.21 RUB price).
    const refunded = await app.db('order_events').where({ order_id: orderId, kind: 'refunded' }).first();
    expect(refunded.payload).toMatchObject({ amount: 1_252_400, currency: 'uzs' });
    expect((await orderRow(orderId)).notices).toEqual([
      expect.objectContaining({ code: 'PUBG_OUT_OF_CODES', params: expect.objectContaining({ refund: { amount: 1_252_400, currency: 'uzs' }, refundTo: 'balance', deliveredUc: good.ucAmount }) }),
    ]);
  });

  it('refunds a declined player and puts the reserved codes back in stock', async () => {
    const user = await shopper();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 2 });
    const player = playerId('13');
    const orderId = await pubgOrder(user, player, [pkg, pkg], 1.98);

    await fulfilment.fulfilOrder(orderId);

    expect(await orderRow(orderId)).toMatchObject({ status: 'failed' });
    expect((await orderRow(orderId)).notices).toEqual([
      { code: 'TOPUP_DECLINED', params: { game: 'pubg', account: player, refund: { amount: 198, currency: 'usd' }, refundTo: 'balance', deliveredUc: 0 } },
    ]);
    expect(await refunds(orderId)).toEqual([expect.objectContaining({ amount: 198 })]);
    expect((await pubgCodes(pkg.id)).map((code) => [code.status, code.order_id])).toEqual([
      ['available', null],
      ['available', null],
    ]);
  });

  it('keeps its codes reserved through a transient failure and finishes on the retry', async () => {
    const user = await shopper();
    const player = playerId();
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_821, codes: 2 });
    const orderId = await pubgOrder(user, player, [pkg, pkg], 1.98);
    const redeem = vi.spyOn(games, 'redeemCode');
    redeem.mockImplementationOnce(SandboxGameProvider.prototype.redeemCode.bind(games));
    redeem.mockRejectedValueOnce(new GameProviderUnavailableError('timeout'));

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing' });
    expect((await pubgCodes(pkg.id)).map((code) => code.status)).toEqual(['used', 'reserved']);
    redeem.mockRestore();

    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    expect((await pubgCodes(pkg.id)).map((code) => code.status)).toEqual(['used', 'used']);
    expect(await games.creditsOf('pubg', player)).toHaveLength(2);
  });
});
