import { request } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createFulfilmentService, type FulfilmentService } from '../../../modules/fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../../../modules/fulfilment/supplier-credit';
import { syncSupplierCatalogue } from '../../../modules/suppliers/supplier-catalogue';
import { createFixtures } from '../../../testing/fixtures';
import type { TestApp } from '../../../testing/harness';
import { supplierOrderTools } from '../../../testing/supplier-orders';
import { scrapeMetrics } from '../../../testing/metrics';
import { seagmSixtyUc, startSeagmTestStore, type SeagmStandIn } from '../../../testing/seagm-stand-in';
import { GameProviderUnavailableError, SandboxGameProvider } from '../index';
import { createSeagmProvider } from './seagm-provider';
import { seagmSignature, seagmSignedText, signSeagmParams } from './seagm-signature';

const UID = '10000';
const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const logger = pino({ level: 'silent' });

let app: TestApp;
let seagm: SeagmStandIn;
let fixtures: ReturnType<typeof createFixtures>;
let games: SandboxGameProvider;
let fulfilment: FulfilmentService;
let seagmSupplierId: number;
const { shopper, buy, orderStatus, attempts, ledgerRefund } = supplierOrderTools(() => ({ app, fixtures }));

beforeAll(async () => {
  ({ seagm, app } = await startSeagmTestStore({ uid: UID, secret: SECRET }, { metricsToken: METRICS_TOKEN }));
  seagm.setCallbackUrl(`${app.baseUrl}/api/suppliers/seagm/callback`);
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  const provider = createSeagmProvider({ settings: app.config.seagm, logger, timeoutMs: 2_000 });
  fulfilment = createFulfilmentService({ db: app.db, logger, games, suppliers: { seagm: provider }, codeCrypto: createCodeCrypto(app.config.codesKey) });
  seagmSupplierId = (await app.db('suppliers').where({ kind: 'seagm' }).first('id')).id;
  await syncSupplierCatalogue(app.db, seagmSupplierId, provider);
});

afterAll(async () => {
  await app.close();
  await seagm.close();
});

beforeEach(() => {
  seagm.setCredits(1000);
});

let counter = 0;
const playerId = () => `${500_000 + (counter += 1)}7`;

/** A PUBG package of 60 UC, sold from SEAGM's 60 UC first and (when asked) the sandbox next. */
const sixtyUc = (options: { sandboxNext?: boolean } = {}) => seagmSixtyUc(app, options);

const ordersFor = (player: string) => seagm.orders.filter((order) => order.fields.user_id === player);

describe('SEAGM signing', () => {
  it('signs the sorted parameters with HMAC-SHA256 as the documentation shows, and refuses what does not match', async () => {
    // SEAGM's own example; the signature is what its documented command gives:
    // echo -n "buy_amount=10&timestamp=1499827319559&type_id=1&uid=10000" | openssl dgst -sha256 -hmac "<secret>"
    const params = { type_id: '1', buy_amount: '10', uid: UID, timestamp: '1499827319559' };
    expect(seagmSignedText(params)).toBe('buy_amount=10&timestamp=1499827319559&type_id=1&uid=10000');
    expect(seagmSignature(params, SECRET)).toBe('e6a26faaa543f55ef0b9214f5eb3a4bbc83c3ddb252ad42632e5833f9df7fb2a');

    const signed = signSeagmParams({}, { uid: UID, secret: 'a-wrong-secret' }, Math.floor(Date.now() / 1000));
    const forged = await fetch(`${seagm.url}/v1/me?${new URLSearchParams(signed)}`);
    expect(forged.status).toBe(409);
    expect(await forged.json()).toMatchObject({ code: 409, msg: 'Invalid Signature', error_info: { info_message: expect.any(String) } });
    const stale = signSeagmParams({}, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000) - 300);
    expect((await fetch(`${seagm.url}/v1/me?${new URLSearchParams(stale)}`)).status).toBe(408);
  });

  it('takes a timestamp less than 120 s either side of its clock, and refuses one 120 s or more away', async () => {
    const me = (offsetSeconds: number) => fetch(`${seagm.url}/v1/me?${new URLSearchParams(signSeagmParams({}, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000) + offsetSeconds))}`);
    // A second may pass between signing and checking: 118 s stays inside the window, 121 s outside.
    expect((await me(-118)).status).toBe(200);
    expect((await me(118)).status).toBe(200);
    expect((await me(-121)).status).toBe(408);
    expect((await me(121)).status).toBe(408);
  });

  it('refuses an order of no whole number of the type, as SEAGM does, and takes nothing', async () => {
    const before = seagm.orders.length;
    // 60 UC is sold one at a time (its max_amount): 2 is refused too.
    for (const buyAmount of ['0', '-1', '1.5', 'ten', '2']) {
      const params = { type_id: '101', buy_amount: buyAmount, mch_order_id: `bad-amount-${buyAmount}`, 'fields[user_id]': '5123457' };
      const answer = await fetch(`${seagm.url}/v1/recharge-orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signSeagmParams(params, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000))),
      });
      expect({ buyAmount, status: answer.status }).toEqual({ buyAmount, status: 400 });
    }
    expect(seagm.orders).toHaveLength(before);
  });

  it('reads a GET from its query string only, a POST body only as a form, and refuses a path called with another method', async () => {
    const before = seagm.orders.length;
    const signed = (params: Record<string, string>) => signSeagmParams(params, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000));
    // fetch sends no body with a GET; node's http client does, as some clients do.
    const inBody = await new Promise<number>((resolve, reject) => {
      const form = new URLSearchParams(signed({})).toString();
      const req = request(`${seagm.url}/v1/me`, { method: 'GET', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(form) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(form);
    });
    expect(inBody).toBe(409);
    const wrongMethod = await fetch(`${seagm.url}/v1/me`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(signed({})) });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toMatchObject({ code: 405, msg: 'Method Not Allowed' });
    const params = { type_id: '101', buy_amount: '1', mch_order_id: 'json-body', 'fields[user_id]': '5123457' };
    const asJson = await fetch(`${seagm.url}/v1/recharge-orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(signed(params)) });
    expect(asJson.status).toBe(409);
    expect(seagm.orders).toHaveLength(before);
  });

  it("answers an order's status_code beside its status in words, and notifies it signed with no uid", async () => {
    const params = { type_id: '101', buy_amount: '1', mch_order_id: `shape-${Date.now()}`, 'fields[user_id]': '5123457' };
    const created = await fetch(`${seagm.url}/v1/recharge-orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signSeagmParams(params, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000))),
    });
    expect(created.status).toBe(202);
    expect(((await created.json()) as { data: unknown }).data).toMatchObject({ mch_order_id: params.mch_order_id, status_code: 10001, status: 'Wait send', unit_price: '0.86', currency: 'USD' });
    const order = seagm.orders.find((candidate) => candidate.mchOrderId === params.mch_order_id)!;
    const notice = seagm.signedNotice({ ...order, status: 10003 });
    expect(notice).toMatchObject({ id: String(order.id), mch_order_id: params.mch_order_id, status_code: '10003', status: 'Done', timestamp: expect.any(String) });
    expect(notice).not.toHaveProperty('uid');
    expect(notice.signature).toBe(seagmSignature(notice, SECRET));
  });

  it('imports the recharge types as supplier products with their fields and cost', async () => {
    expect(await app.db('supplier_products').where({ supplier_id: seagmSupplierId }).select('external_id', 'name', 'fields', 'cost', 'cost_currency', 'available')).toEqual([
      { external_id: '101', name: 'PUBG Mobile (Global) 60 UC', fields: [{ name: 'user_id', label: 'User ID' }], cost: 86, cost_currency: 'USD', available: true },
    ]);
  });
});

describe('SEAGM delivery', () => {
  it("delivers a shopper's PUBG 60 UC order: pending, then done by SEAGM's signed notice, once", async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc());

    const scrape = () => scrapeMetrics(app, METRICS_TOKEN);
    const noticesKept = async () => (await scrape()).value('supplier_notices_total', { supplier: 'seagm', outcome: 'kept' }) ?? 0;
    const keptBefore = await noticesKept();
    const openBefore = (await scrape()).value('supplier_orders_open', { supplier: 'seagm' })!;

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(await orderStatus(orderId)).toBe('processing');
    const [order] = ordersFor(player);
    expect(order).toMatchObject({ typeId: 101, status: 10001 });
    const shown = await app.request('GET', `/api/orders/${orderId}`, { token: user.token });
    expect(shown.body.status).toBe('processing');
    // The operator sees it waiting at SEAGM.
    expect((await scrape()).value('supplier_orders_open', { supplier: 'seagm' })).toBe(openBefore + 1);

    expect(await seagm.finish(order!.mchOrderId, 10003)).toBe('success');
    // A repeat of the notice is answered the same and changes nothing.
    const again = await app.request('POST', '/api/suppliers/seagm/callback', {
      rawBody: new URLSearchParams(seagm.signedNotice(order!)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again).toMatchObject({ status: 200, body: 'success' });
    expect(await noticesKept()).toBe(keptBefore + 2);
    expect((await scrape()).value('supplier_orders_open', { supplier: 'seagm' })).toBe(openBefore);

    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(ordersFor(player)).toHaveLength(1);
    expect(await attempts(orderId)).toEqual([
      expect.objectContaining({ status: 'succeeded', supplier_id: seagmSupplierId, supplier_order_id: String(order!.id), reference: order!.mchOrderId, cost: 86, cost_currency: 'USD' }),
    ]);
    const events = await app.db('order_events').where({ order_id: orderId, kind: 'delivery_attempt' }).orderBy('id').select('payload');
    expect(events.map((event) => event.payload.outcome)).toEqual(['pending', 'succeeded']);
  });

  it('completes a pending order by looking it up by our reference when no notice comes', async () => {
    seagm.setCallbackUrl('http://127.0.0.1:9/unreachable');
    try {
      const user = await shopper();
      const player = playerId();
      const orderId = await buy(user, player, await sixtyUc());
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      const [order] = ordersFor(player);
      await seagm.finish(order!.mchOrderId, 10003).catch(() => '');

      await fulfilment.fulfilOrder(orderId);
      expect(await orderStatus(orderId)).toBe('completed');
      expect(ordersFor(player)).toHaveLength(1);
    } finally {
      seagm.setCallbackUrl(`${app.baseUrl}/api/suppliers/seagm/callback`);
    }
  });

  it('refuses a forged notice and changes nothing', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc());
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const [order] = ordersFor(player);
    const refused = async () => (await scrapeMetrics(app, METRICS_TOKEN)).value('supplier_notices_total', { supplier: 'seagm', outcome: 'refused' }) ?? 0;
    const refusedBefore = await refused();
    const forged = { ...seagm.signedNotice({ ...order!, status: 10003 }), signature: 'f'.repeat(64) };
    const answer = await app.request('POST', '/api/suppliers/seagm/callback', {
      rawBody: new URLSearchParams(forged).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(400);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await refused()).toBe(refusedBefore + 1);
  });

  it('after SEAGM took the order and the answer was lost, finds it by our reference and never orders twice', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    seagm.dropNextAnswer();
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'creating' })]);

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(ordersFor(player)).toHaveLength(1);
    await seagm.finish(ordersFor(player)[0]!.mchOrderId, 10003);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(ordersFor(player)).toHaveLength(1);
    // The timeout never failed over: the sandbox credited nothing.
    expect(await games.creditsOf('pubg', player)).toEqual([]);
  });

  it('fails over to the next source when SEAGM answers that the balance is short', async () => {
    seagm.setCredits(0.5);
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(ordersFor(player)).toHaveLength(0);
    expect(await games.creditsOf('pubg', player)).toHaveLength(1);
    expect((await attempts(orderId)).map((attempt) => [attempt.status, attempt.reason])).toEqual([
      ['failed', 'insufficient_balance'],
      ['succeeded', null],
    ]);
  });

  it('refunds when every source refuses, and a wrong player id without trying the others', async () => {
    seagm.setCredits(0.5);
    const user = await shopper();
    const shortEverywhere = await buy(user, playerId().replace(/7$/, '13'), await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(shortEverywhere);
    expect(await orderStatus(shortEverywhere)).toBe('failed');
    expect(await ledgerRefund(shortEverywhere)).toEqual({ amount: 99 });

    seagm.setCredits(1000);
    const unknown = playerId();
    seagm.refusePlayer(unknown);
    const wrongPlayer = await buy(user, unknown, await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(wrongPlayer);
    expect(await orderStatus(wrongPlayer)).toBe('failed');
    expect((await attempts(wrongPlayer)).map((attempt) => attempt.reason)).toEqual(['player_not_found']);
    expect(await games.creditsOf('pubg', unknown)).toEqual([]);
    expect(await ledgerRefund(wrongPlayer)).toEqual({ amount: 99 });
  });

  it('keeps an order pending while SEAGM sends it, and fails over when SEAGM refunds it late, its credits back', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const reference = ordersFor(player)[0]!.mchOrderId;
    expect(seagm.credits()).toBe(999.14);

    expect(await seagm.finish(reference, 10002)).toBe('success');
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);

    expect(await seagm.finish(reference, 10005)).toBe('success');
    expect(seagm.credits()).toBe(1000);
    const signed = signSeagmParams({ query_type: 'mchOrderId' }, { uid: UID, secret: SECRET }, Math.floor(Date.now() / 1000));
    const lookedUp = await fetch(`${seagm.url}/v1/recharge-orders/${encodeURIComponent(reference)}?${new URLSearchParams(signed)}`);
    expect(((await lookedUp.json()) as { data: unknown }).data).toMatchObject({ status_code: 10005, status: 'Refunded', refunded_amount: '0.86' });
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(await games.creditsOf('pubg', player)).toHaveLength(1);
    expect((await attempts(orderId)).map((attempt) => [attempt.status, attempt.reason])).toEqual([
      ['failed', 'failed'],
      ['succeeded', null],
    ]);
    // A refunded order has ended: SEAGM moves it no more.
    await expect(seagm.finish(reference, 10003)).rejects.toThrow(/ended/);
  });

  it('never refunds an order SEAGM has done', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc());
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const reference = ordersFor(player)[0]!.mchOrderId;
    await seagm.finish(reference, 10003);
    await expect(seagm.finish(reference, 10005)).rejects.toThrow(/ended/);
    expect(seagm.credits()).toBe(999.14);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
  });

  it('fails over when SEAGM ends an order failed', async () => {
    const user = await shopper();
    const player = playerId();
    const orderId = await buy(user, player, await sixtyUc({ sandboxNext: true }));
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    await seagm.finish(ordersFor(player)[0]!.mchOrderId, 10004);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(await games.creditsOf('pubg', player)).toHaveLength(1);
  });
});
