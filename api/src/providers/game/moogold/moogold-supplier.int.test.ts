import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createFulfilmentService, type FulfilmentService } from '../../../modules/fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../../../modules/fulfilment/supplier-credit';
import { syncSupplierCatalogue } from '../../../modules/suppliers/supplier-catalogue';
import { createFixtures } from '../../../testing/fixtures';
import type { TestApp } from '../../../testing/harness';
import { supplierOrderTools } from '../../../testing/supplier-orders';
import { moogoldNickname, startMoogoldTestStore, type MoogoldStandIn } from '../../../testing/moogold-stand-in';
import { GameProviderUnavailableError, SandboxGameProvider } from '../index';
import { createMoogoldProvider } from './moogold-provider';
import { moogoldAuth, moogoldBasicAuth, signMoogoldCall } from './moogold-signature';

const PARTNER_ID = 'partner-7';
const SECRET = 'MooGoldSecretKey0123456789';
const logger = pino({ level: 'silent' });

let app: TestApp;
let moogold: MoogoldStandIn;
let fixtures: ReturnType<typeof createFixtures>;
let games: SandboxGameProvider;
let fulfilment: FulfilmentService;
let provider: ReturnType<typeof createMoogoldProvider>;
let moogoldSupplierId: number;
const { shopper, sixtyUc: sixtyUcFrom, buy, orderStatus, attempts, ledgerRefund } = supplierOrderTools(() => ({ app, fixtures }));

beforeAll(async () => {
  ({ moogold, app } = await startMoogoldTestStore({ partnerId: PARTNER_ID, secret: SECRET }));
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  provider = createMoogoldProvider({ settings: app.config.moogold, logger, timeoutMs: 2_000 });
  fulfilment = createFulfilmentService({ db: app.db, logger, games, suppliers: { moogold: provider }, codeCrypto: createCodeCrypto(app.config.codesKey) });
  moogoldSupplierId = (await app.db('suppliers').where({ kind: 'moogold' }).first('id')).id;
  await syncSupplierCatalogue(app.db, moogoldSupplierId, provider);
});

afterAll(async () => {
  await app.close();
  await moogold.close();
});

beforeEach(() => {
  moogold.setBalance(1000);
});

let counter = 0;
const playerId = () => `${700_000 + (counter += 1)}7`;

const productId = async (externalId: string): Promise<number> =>
  (await app.db('supplier_products').where({ supplier_id: moogoldSupplierId, external_id: externalId }).first('id')).id;
/** A PUBG package of 60 UC, sold from MooGold's 60 UC first and (when asked) the sandbox next. */
const sixtyUc = async (options: { sandboxNext?: boolean } = {}) => sixtyUcFrom(await productId('90011'), options);

const ordersFor = (player: string) => moogold.orders.filter((order) => order.fields['User ID'] === player);

/** A call to the stand-in as `signed` says, with `change` applied to what goes out. */
async function send(path: string, signed: { body: string; headers: Record<string, string> }, change: { body?: string; url?: string } = {}) {
  const response = await fetch(change.url ?? `${moogold.url}/${path}`, { method: 'POST', body: change.body ?? signed.body, headers: signed.headers });
  return { status: response.status, body: await response.json() };
}

describe('MooGold signing', () => {
  it('signs the body as sent, then the timestamp, then the path, with HMAC-SHA256, and sends Basic credentials', () => {
    // Computed apart from this code:
    // printf '%s' '{"path":"order/order_detail_partner_id","partner_order_id":"41-1"}1700000000order/order_detail_partner_id' \
    //   | openssl dgst -sha256 -hmac 'MooGoldSecretKey0123456789'
    const signed = signMoogoldCall('order/order_detail_partner_id', { partner_order_id: '41-1' }, { partnerId: PARTNER_ID, secret: SECRET }, 1_700_000_000);
    expect(signed.body).toBe('{"path":"order/order_detail_partner_id","partner_order_id":"41-1"}');
    expect(signed.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Basic cGFydG5lci03Ok1vb0dvbGRTZWNyZXRLZXkwMTIzNDU2Nzg5',
      timestamp: '1700000000',
      auth: '409b44e3b311e2c1d252427d1970c54ec8d6a2b8028229f83637714701e25bad',
    });
  });

  it('is refused by MooGold for a wrong secret, credentials, clock, path or a body changed after signing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const path = 'user/balance';
    const good = signMoogoldCall(path, {}, { partnerId: PARTNER_ID, secret: SECRET }, now);
    expect(await send(path, good)).toEqual({ status: 200, body: { currency: 'USD', balance: '1000.00' } });

    const authFailed = { status: 403, body: { err_code: '403', err_message: 'Authentication failed' } };
    expect(await send(path, signMoogoldCall(path, {}, { partnerId: PARTNER_ID, secret: 'a-wrong-secret' }, now))).toEqual(authFailed);
    const wrongAuthHeader = { ...good, headers: { ...good.headers, auth: moogoldAuth(good.body, String(now), path, 'a-wrong-secret') } };
    expect(await send(path, wrongAuthHeader)).toEqual(authFailed);
    const otherPartner = { ...good, headers: { ...good.headers, Authorization: moogoldBasicAuth({ partnerId: 'partner-8', secret: SECRET }) } };
    expect(await send(path, otherPartner)).toEqual(authFailed);
    expect(await send(path, good, { body: '{"path":"user/balance","extra":1}' })).toEqual(authFailed);
    expect(await send(path, signMoogoldCall(path, {}, { partnerId: PARTNER_ID, secret: SECRET }, now - 300))).toEqual({
      status: 403,
      body: { err_code: '426', err_message: 'Timestamp is incorrect' },
    });
    // Signed for one path and sent to another: the `auth` no longer matches; the body's own path must match too.
    expect(await send(path, good, { url: `${moogold.url}/product/list_product` })).toEqual(authFailed);
    const mismatched = signMoogoldCall('user/balance', {}, { partnerId: PARTNER_ID, secret: SECRET }, now);
    const bodyOfAnotherPath = '{"path":"product/list_product"}';
    const resigned = { ...mismatched, headers: { ...mismatched.headers, auth: moogoldAuth(bodyOfAnotherPath, String(now), path, SECRET) } };
    expect((await send(path, resigned, { body: bodyOfAnotherPath })).status).toBe(400);
  });

  it("imports MooGold's direct top-up variations as supplier products with their fields and cost, matched to the games", async () => {
    const products = await app
      .db('supplier_products as p')
      .leftJoin('games as g', 'g.id', 'p.game_id')
      .leftJoin('products as gp', 'gp.id', 'g.product_id')
      .where({ 'p.supplier_id': moogoldSupplierId })
      .orderBy('p.external_id')
      .select('p.external_id', 'p.name', 'p.fields', 'p.cost', 'p.cost_currency', 'p.available', 'gp.slug as game');
    expect(products).toEqual([
      { external_id: '90011', name: 'PUBG Mobile (Global) 60 UC', fields: [{ name: 'User ID', label: 'User ID' }], cost: 89, cost_currency: 'USD', available: true, game: 'pubg' },
      { external_id: '90021', name: 'Free Fire (Global) 100 Diamonds', fields: [{ name: 'User ID', label: 'User ID' }], cost: 95, cost_currency: 'USD', available: true, game: 'freefire' },
    ]);
  });

  it("reads the wallet's balance in minor units", async () => {
    moogold.setBalance(12.34);
    expect(await provider.balance()).toEqual({ amount: 1234, currency: 'USD' });
  });
});

describe('MooGold delivery', () => {
  it("delivers a shopper's PUBG 60 UC order: processing, then completed when looked up by our reference, once, its cost recorded", async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc());

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(await orderStatus(orderId)).toBe('processing');
    const [order] = ordersFor(player);
    expect(order).toMatchObject({ variationId: 90011, quantity: 1, status: 'processing' });
    expect((await app.request('GET', `/api/orders/${orderId}`, { token: user.token })).body.status).toBe('processing');
    // Still processing at MooGold: the next look-up leaves it so, and orders nothing new.
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);

    moogold.finish(order!.partnerOrderId, 'completed');
    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(ordersFor(player)).toHaveLength(1);
    expect(moogold.balance()).toBe(999.11);
    expect(await attempts(orderId)).toEqual([
      expect.objectContaining({ status: 'succeeded', supplier_id: moogoldSupplierId, supplier_order_id: String(order!.id), reference: order!.partnerOrderId, cost: 89, cost_currency: 'USD' }),
    ]);
    const events = await app.db('order_events').where({ order_id: orderId, kind: 'delivery_attempt' }).orderBy('id').select('payload');
    expect(events.map((event) => event.payload.outcome)).toEqual(['pending', 'succeeded']);
  });

  it('refuses a callback in MooGold’s shape, which carries no signature, twice alike, and changes nothing', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc());
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const [order] = ordersFor(player);
    const callback = { status: 'completed', message: 'Order completed', order_id: order!.id, account_details: { partnerOrderId: order!.partnerOrderId } };
    const sendCallback = async () => (await app.request('POST', '/api/suppliers/moogold/callback', { body: callback })).status;
    expect([await sendCallback(), await sendCallback()]).toEqual([400, 400]);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await orderStatus(orderId)).toBe('processing');
  });

  it('after MooGold took the order and the answer was lost, finds it by our reference and never orders twice', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    moogold.dropNextAnswer();
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'creating' })]);

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(ordersFor(player)).toHaveLength(1);
    moogold.finish(ordersFor(player)[0]!.partnerOrderId, 'completed');
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(ordersFor(player)).toHaveLength(1);
    // The timeout never failed over: the sandbox credited nothing.
    expect(await games.creditsOf('pubg', player)).toEqual([]);
  });

  it('answers a create repeated with our reference (420 at MooGold) with the order MooGold took the first time', async () => {
    const player = playerId();
    const request = {
      account: { game: 'pubg', fields: [{ key: 'player_id', value: player }] },
      offer: { id: 0, amount: 60, unit: 'UC' },
      product: { externalId: '90011', fields: [{ name: 'User ID' }] },
      idempotencyKey: `repeat-${player}`,
    };
    const first = await provider.deliver(request);
    expect(first).toEqual({ status: 'pending', reference: String(ordersFor(player)[0]!.id) });
    expect(await provider.deliver(request)).toEqual({ ...first, cost: { amount: 89, currency: 'USD' } });
    expect(ordersFor(player)).toHaveLength(1);
  });

  it('keeps an order unknown, never failed over, on an error MooGold does not document', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    moogold.failNextWith('999', 'Something went wrong');
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'creating' })]);
    expect(await games.creditsOf('pubg', player)).toEqual([]);
    // The look-up by our reference finds no order, so the same reference is sent again.
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(ordersFor(player)).toEqual([expect.objectContaining({ partnerOrderId: (await attempts(orderId))[0].reference })]);
  });

  it('fails over to the next source when MooGold answers that the balance is short, or the product is out of stock', async () => {
    moogold.setBalance(0.5);
    const user = await shopper();
    const short = playerId();
    const shortOrder = await buy(user, short, await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(shortOrder);
    expect(await orderStatus(shortOrder)).toBe('completed');
    expect(ordersFor(short)).toHaveLength(0);
    expect(await games.creditsOf('pubg', short)).toHaveLength(1);
    expect((await attempts(shortOrder)).map((attempt) => [attempt.status, attempt.reason])).toEqual([
      ['failed', 'insufficient_balance'],
      ['succeeded', null],
    ]);

    moogold.setBalance(1000);
    moogold.setOutOfStock(90011, true);
    try {
      const soldOut = playerId();
      const soldOutOrder = await buy(user, soldOut, await sixtyUc({ sandboxNext: true }));
      await fulfilment.fulfilOrder(soldOutOrder);
      expect(await orderStatus(soldOutOrder)).toBe('completed');
      expect((await attempts(soldOutOrder)).map((attempt) => attempt.reason)).toEqual(['out_of_stock', null]);
    } finally {
      moogold.setOutOfStock(90011, false);
    }
  });

  it('fails over when MooGold refunds an order, refunds when every source refuses, and a wrong player id without trying the others', async () => {
    const user = await shopper();
    const refunded = playerId();
    const refundedOrder = await buy(user, refunded, await sixtyUc({ sandboxNext: true }));
    await expect(fulfilment.fulfilOrder(refundedOrder)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    moogold.finish(ordersFor(refunded)[0]!.partnerOrderId, 'refunded');
    await fulfilment.fulfilOrder(refundedOrder);
    expect(await orderStatus(refundedOrder)).toBe('completed');
    expect(await games.creditsOf('pubg', refunded)).toHaveLength(1);

    moogold.setBalance(0.5);
    // A player id the sandbox declines: the last source refuses too.
    const shortEverywhere = await buy(user, playerId().replace(/7$/, '13'), await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(shortEverywhere);
    expect(await orderStatus(shortEverywhere)).toBe('failed');
    expect(await ledgerRefund(shortEverywhere)).toEqual({ amount: 99 });

    moogold.setBalance(1000);
    // MooGold's validation knew the id; the game turned the account down when MooGold credited it.
    const unknown = playerId();
    const wrongPlayer = await buy(user, unknown, await sixtyUc({ sandboxNext: true }));
    await expect(fulfilment.fulfilOrder(wrongPlayer)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    moogold.finish(ordersFor(unknown)[0]!.partnerOrderId, 'incorrect-details');
    await fulfilment.fulfilOrder(wrongPlayer);
    expect(await orderStatus(wrongPlayer)).toBe('failed');
    expect((await attempts(wrongPlayer)).map((attempt) => attempt.reason)).toEqual(['player_not_found']);
    expect(await games.creditsOf('pubg', unknown)).toEqual([]);
    expect(await ledgerRefund(wrongPlayer)).toEqual({ amount: 99 });
  });
});

describe('MooGold player check', () => {
  const find = async (game: 'pubg' | 'freefire', player: string) => (await app.request('POST', `/api/${game}/check-id`, { body: { playerID: player } })).body;

  it("answers the storefront's Find through MooGold's validation for a game sold from a MooGold product that offers it, else through the game", async () => {
    await sixtyUc();
    const known = playerId();
    expect(await find('pubg', known)).toEqual({ success: true, data: { status: 'success', player_name: moogoldNickname(known) } });
    // The sandbox game would find this id; MooGold does not know it, and it is MooGold that delivers.
    const unknown = playerId();
    moogold.refusePlayer(unknown);
    expect(await find('pubg', unknown)).toEqual({ success: false, data: { status: 'not_found' } });
    // The check before an order is charged asks MooGold too.
    const refused = await app.request('POST', '/api/orders/topup', {
      token: (await shopper()).token,
      body: { currency: 'usd', topupData: { service: 'pubg', player_id: unknown, offer_id: -1, price_usd: 0.99, price_rub: 0, packages: [{ denomination_id: (await sixtyUc()).id, quantity: 1 }] } },
    });
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'UNPROCESSABLE', details: { field: 'player_id' } } } });

    // Free Fire sold from a MooGold product MooGold offers no validation for: the game answers.
    const offer = await fixtures.freefireOffer({ priceUsd: 120, priceRub: 9_500 });
    await app.db('game_denomination_sources').where({ denomination_id: offer.denominationId }).delete();
    await app.db('game_denomination_sources').insert({ denomination_id: offer.denominationId, kind: 'supplier', supplier_product_id: await productId('90021'), priority: 1 });
    const freefirePlayer = playerId();
    expect(await find('freefire', freefirePlayer)).toEqual({ success: true, player_name: `Player${freefirePlayer.slice(-4)}` });

    // MooGold switched off in the back office: PUBG is checked by the game again.
    await app.db('suppliers').where({ id: moogoldSupplierId }).update({ active: false });
    try {
      const another = playerId();
      expect(await find('pubg', another)).toEqual({ success: true, data: { status: 'success', player_name: `Player${another.slice(-4)}` } });
    } finally {
      await app.db('suppliers').where({ id: moogoldSupplierId }).update({ active: true });
    }
  });
});
