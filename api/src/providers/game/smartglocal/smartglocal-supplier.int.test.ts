import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createFulfilmentService, type FulfilmentService } from '../../../modules/fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../../../modules/fulfilment/supplier-credit';
import { sandboxSuppliedGames } from '../../../modules/suppliers/sandbox-supply';
import { syncSupplierCatalogue } from '../../../modules/suppliers/supplier-catalogue';
import { createFixtures } from '../../../testing/fixtures';
import type { TestApp, TestUser } from '../../../testing/harness';
import { rsaKeyPair, startSmartglocalTestStore, type SmartglocalStandIn } from '../../../testing/smartglocal-stand-in';
import { steamTopup } from '../../../testing/topup-data';
import { GameProviderUnavailableError, SandboxGameProvider } from '../index';
import { createSmartglocalProvider } from './smartglocal-provider';
import { SMARTGLOCAL_PROJECT_HEADER, SMARTGLOCAL_SIGN_HEADER, smartglocalSignature, smartglocalSignatureValid } from './smartglocal-signature';

const PROJECT = 'topup_store';
const logger = pino({ level: 'silent' });
/** 10 USD at USD to RUB 79: the 790.00 RUB Smart Glocal pays into the wallet. */
const TEN_USD_IN_KOPECKS = 79_000;

let app: TestApp;
let smartglocal: SmartglocalStandIn;
let ourKeys: { privateKey: string; publicKey: string };
let fixtures: ReturnType<typeof createFixtures>;
let games: SandboxGameProvider;
let fulfilment: FulfilmentService;
let supplierId: number;

beforeAll(async () => {
  ({ smartglocal, app, ourKeys } = await startSmartglocalTestStore(PROJECT, 10_000_000));
  smartglocal.setCallbackUrl(`${app.baseUrl}/api/suppliers/smartglocal/callback`);
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.steamCommission('3');
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  // Long enough for any answer on a busy machine; a stalled one is given up after it.
  const provider = createSmartglocalProvider({ settings: app.config.smartglocal, logger, timeoutMs: 5_000 });
  fulfilment = createFulfilmentService({ db: app.db, logger, games, suppliers: { smartglocal: provider }, codeCrypto: createCodeCrypto(app.config.codesKey) });
  supplierId = (await app.db('suppliers').where({ kind: 'smartglocal' }).first('id')).id;
  await syncSupplierCatalogue(app.db, supplierId, provider);
});

afterAll(async () => {
  await app.close();
  await smartglocal.close();
});

beforeEach(async () => {
  smartglocal.setBalance(10_000_000);
  await app.db('suppliers').where({ kind: 'sandbox' }).update({ active: true });
});

let counter = 0;
const login = (ending = '') => `steam_sg_${(counter += 1)}${ending}`;

async function shopper(): Promise<TestUser> {
  const user = await app.createUser();
  await fixtures.fundBalance(user.id, 'usd', 100_000);
  return user;
}

/** 10 USD to the Steam wallet of `account`, paid from the balance. */
async function buySteam(user: TestUser, account: string): Promise<number> {
  const response = await app.request('POST', '/api/orders/topup', { token: user.token, body: { currency: 'usd', topupData: steamTopup({ login: account, player_id: account }) } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.orderId;
}

const payoutsOf = (account: string) => smartglocal.payouts.filter((payout) => payout.account === account);
const storeCallback = () => `${app.baseUrl}/api/suppliers/smartglocal/callback`;
const orderStatus = async (orderId: number) => (await app.db('orders').where({ id: orderId }).first('status')).status;
const attempts = (orderId: number) => app.db('supplier_orders').where({ order_id: orderId }).orderBy('attempt');
const callback = (body: string, signature: string) =>
  app.request('POST', '/api/suppliers/smartglocal/callback', { rawBody: body, headers: { 'content-type': 'application/json', [SMARTGLOCAL_SIGN_HEADER.toLowerCase()]: signature } });

describe('Smart Glocal signing', () => {
  it('signs the raw body with RSA-SHA256 in base64 both ways, and refuses a forged or malformed request', async () => {
    const body = JSON.stringify({ session_id: 'ps_1' });
    const signature = smartglocalSignature(body, ourKeys.privateKey);
    expect(Buffer.from(signature, 'base64')).toHaveLength(256);
    expect(smartglocalSignatureValid(body, signature, ourKeys.publicKey)).toBe(true);
    expect(smartglocalSignatureValid(`${body} `, signature, ourKeys.publicKey)).toBe(false);
    expect(smartglocalSignatureValid(body, 'not base64!', ourKeys.publicKey)).toBe(false);

    const post = (payload: string, headers: Record<string, string>) =>
      fetch(`${smartglocal.url}/api/v1/session/status`, { method: 'POST', body: payload, headers: { 'Content-Type': 'application/json', ...headers } });
    const forged = await post(body, { [SMARTGLOCAL_PROJECT_HEADER]: PROJECT, [SMARTGLOCAL_SIGN_HEADER]: smartglocalSignature(body, rsaKeyPair().privateKey) });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ status: 'error', error: { code: 'invalid_signature', description: expect.any(String) } });
    const otherProject = await post(body, { [SMARTGLOCAL_PROJECT_HEADER]: 'someone_else', [SMARTGLOCAL_SIGN_HEADER]: signature });
    expect(otherProject.status).toBe(401);
    const notJson = '{"session_id":';
    const malformed = await post(notJson, { [SMARTGLOCAL_PROJECT_HEADER]: PROJECT, [SMARTGLOCAL_SIGN_HEADER]: smartglocalSignature(notJson, ourKeys.privateKey) });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 'error', error: { code: 'invalid_request' } });
  });

  it('lists one product, "Steam wallet (RUB)", under Steam, and reads the prefunding balance in RUB', async () => {
    const steam = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'steam').first('g.id');
    expect(await app.db('supplier_products').where({ supplier_id: supplierId }).select('external_id', 'name', 'game_id', 'cost', 'cost_currency', 'available')).toEqual([
      { external_id: 'steam-wallet-rub', name: 'Steam wallet (RUB)', game_id: steam.id, cost: 100, cost_currency: 'RUB', available: true },
    ]);
    smartglocal.setBalance(123_456);
    const provider = createSmartglocalProvider({ settings: app.config.smartglocal, logger });
    expect(await provider.balance!()).toEqual({ amount: 123_456, currency: 'RUB' });
  });
});

describe('Smart Glocal delivery of Steam', () => {
  it("pays 10 USD out as its RUB value at the order's rate; pending, then done by the signed webhook, once, the cost kept in RUB", async () => {
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const [payout] = payoutsOf(account);
    expect(payout).toMatchObject({ amount: TEN_USD_IN_KOPECKS, status: 'in_progress' });
    expect(await orderStatus(orderId)).toBe('processing');

    expect(await smartglocal.finish(payout!.reference, 'succeeded')).toEqual({ status: 200, body: 'OK' });
    // The same webhook again (Smart Glocal resends what it thinks undelivered) is answered alike and changes nothing.
    const again = smartglocal.signedNotice(payout!.reference);
    expect(await callback(again.body, again.signature)).toMatchObject({ status: 200 });

    await fulfilment.fulfilOrder(orderId);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(payoutsOf(account)).toHaveLength(1);
    expect(await attempts(orderId)).toEqual([
      expect.objectContaining({ status: 'succeeded', supplier_id: supplierId, supplier_order_id: payout!.sessionId, reference: payout!.reference, cost: TEN_USD_IN_KOPECKS, cost_currency: 'RUB' }),
    ]);
    const events = await app.db('order_events').where({ order_id: orderId, kind: 'delivery_attempt' }).orderBy('id').select('payload');
    expect(events.map((event) => [event.payload.outcome, event.payload.via ?? null])).toEqual([
      ['pending', null],
      ['succeeded', 'notice'],
    ]);
  });

  it('completes a pending payout by reading its session back when no webhook comes', async () => {
    smartglocal.setCallbackUrl('http://127.0.0.1:9/unreachable');
    try {
      const user = await shopper();
      const account = login();
      const orderId = await buySteam(user, account);
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      // Still in progress: the poll keeps it waiting.
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      const { reference } = payoutsOf(account)[0]!;
      await smartglocal.finish(reference, 'succeeded');
      // Never answered, the webhook was sent again until Smart Glocal gave up.
      expect(smartglocal.noticeAnswers(reference).length).toBeGreaterThan(1);
      expect(new Set(smartglocal.noticeAnswers(reference))).toEqual(new Set([0]));

      await fulfilment.fulfilOrder(orderId);
      expect(await orderStatus(orderId)).toBe('completed');
      expect(payoutsOf(account)).toHaveLength(1);
    } finally {
      smartglocal.setCallbackUrl(`${app.baseUrl}/api/suppliers/smartglocal/callback`);
    }
  });

  it('refuses a forged webhook, or one signed with our own key, and changes nothing', async () => {
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const [payout] = payoutsOf(account);
    const genuine = smartglocal.signedNotice(payout!.reference);
    const claimed = genuine.body.replace(/"in_progress"/g, '"succeeded"').replace('"status":"succeeded","created_at"', '"status":"accepted","created_at"');
    expect((await callback(claimed, genuine.signature)).status).toBe(400);
    expect((await callback(claimed, smartglocalSignature(claimed, ourKeys.privateKey))).status).toBe(400);
    expect((await callback(claimed, '')).status).toBe(400);
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it.each(['drop', 'stall'] as const)(
    'after the payout was started and the answer lost (%s), reads its session back and never pays out twice, nor fails over',
    async (how) => {
      const user = await shopper();
      const account = login();
      const orderId = await buySteam(user, account);
      smartglocal.loseNextAnswer('start', how);
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
      const [lost] = await attempts(orderId);
      expect(lost).toMatchObject({ status: 'creating', supplier_order_id: payoutsOf(account)[0]!.sessionId });

      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      expect(payoutsOf(account)).toHaveLength(1);
      await smartglocal.finish(payoutsOf(account)[0]!.reference, 'succeeded');
      await fulfilment.fulfilOrder(orderId);
      expect(await orderStatus(orderId)).toBe('completed');
      expect(payoutsOf(account)).toHaveLength(1);
      // The lost answer never failed over: the sandbox, next in line, credited nothing.
      expect(await games.creditsOf('steam', account)).toEqual([]);
    },
  );

  it('after a session was created and its answer lost, makes a new one and starts one payout only', async () => {
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    const sessionsBefore = smartglocal.sessionCount();
    smartglocal.loseNextAnswer('create', 'drop');
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    // Nothing recorded, nothing started: the orphan session moves no money.
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'creating', supplier_order_id: null })]);
    expect(payoutsOf(account)).toHaveLength(0);

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(smartglocal.sessionCount()).toBe(sessionsBefore + 2);
    expect(payoutsOf(account)).toHaveLength(1);
    await smartglocal.finish(payoutsOf(account)[0]!.reference, 'succeeded');
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
  });

  it('confirms once a payout Smart Glocal holds for confirmation, also when the answer of its start was lost', async () => {
    smartglocal.requireConfirmation(true);
    try {
      const confirmedBefore = smartglocal.confirmations();
      const user = await shopper();
      const account = login();
      const orderId = await buySteam(user, account);
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      expect(payoutsOf(account)).toMatchObject([{ status: 'in_progress' }]);
      await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      expect(smartglocal.confirmations()).toBe(confirmedBefore + 1);

      const lostAccount = login();
      const lostOrder = await buySteam(user, lostAccount);
      smartglocal.loseNextAnswer('start', 'drop');
      await expect(fulfilment.fulfilOrder(lostOrder)).rejects.toBeInstanceOf(GameProviderUnavailableError);
      expect(payoutsOf(lostAccount)).toMatchObject([{ status: 'pending' }]);
      // Read back, the held payout is confirmed, once.
      await expect(fulfilment.fulfilOrder(lostOrder)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      await expect(fulfilment.fulfilOrder(lostOrder)).rejects.toBeInstanceOf(SupplierOrderPendingError);
      expect(payoutsOf(lostAccount)).toMatchObject([{ status: 'in_progress' }]);
      expect(smartglocal.confirmations()).toBe(confirmedBefore + 2);
    } finally {
      smartglocal.requireConfirmation(false);
    }
  });

  it('takes a webhook Smart Glocal sends again after the store failed to answer it with 200, and completes the order once', async () => {
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);

    // The store is out of reach for the first sending (503 from the way in); the next ones get through.
    const sendings: Array<{ body: string; signature: string | undefined }> = [];
    const wayIn = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = req.headers[SMARTGLOCAL_SIGN_HEADER.toLowerCase()] as string | undefined;
        sendings.push({ body, signature });
        if (sendings.length === 1) return void res.writeHead(503).end();
        fetch(storeCallback(), { method: 'POST', body, headers: { 'Content-Type': 'application/json', [SMARTGLOCAL_SIGN_HEADER]: signature ?? '' } })
          .then(async (answer) => res.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(await answer.text()))
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => wayIn.listen(0, '127.0.0.1', resolve));
    smartglocal.setCallbackUrl(`http://127.0.0.1:${(wayIn.address() as AddressInfo).port}/`);
    try {
      const [payout] = payoutsOf(account);
      expect(await smartglocal.finish(payout!.reference, 'succeeded')).toEqual({ status: 200, body: 'OK' });
      expect(smartglocal.noticeAnswers(payout!.reference)).toEqual([503, 200]);
      // The same webhook, byte for byte and signature alike.
      expect(sendings).toHaveLength(2);
      expect(sendings[1]).toEqual(sendings[0]);
    } finally {
      smartglocal.setCallbackUrl(storeCallback());
      await new Promise((resolve) => wayIn.close(resolve));
    }

    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(payoutsOf(account)).toHaveLength(1);
    const events = await app.db('order_events').where({ order_id: orderId, kind: 'delivery_attempt' }).orderBy('id').select('payload');
    expect(events.map((event) => [event.payload.outcome, event.payload.via ?? null])).toEqual([
      ['pending', null],
      ['succeeded', 'notice'],
    ]);
  });

  it.each(['its webhook', 'reading its session back'] as const)(
    'fails over once Smart Glocal cancels a held payout left unconfirmed for 240 minutes, learnt from %s',
    async (via) => {
      smartglocal.requireConfirmation(true);
      if (via === 'reading its session back') smartglocal.setCallbackUrl('http://127.0.0.1:9/unreachable');
      try {
        const confirmedBefore = smartglocal.confirmations();
        const user = await shopper();
        const account = login();
        const orderId = await buySteam(user, account);
        const balanceBefore = smartglocal.balance();
        // The answer of the start is lost, so the store has not confirmed the held payout when the time runs out.
        smartglocal.loseNextAnswer('start', 'drop');
        await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
        const [held] = payoutsOf(account);
        expect(held).toMatchObject({ status: 'pending' });

        const answer = await smartglocal.expireConfirmation(held!.reference);
        if (via === 'its webhook') expect(answer).toEqual({ status: 200, body: 'OK' });
        expect(smartglocal.balance()).toBe(balanceBefore);

        await fulfilment.fulfilOrder(orderId);
        expect(await orderStatus(orderId)).toBe('completed');
        expect(payoutsOf(account)).toMatchObject([{ status: 'failed' }]);
        expect(smartglocal.confirmations()).toBe(confirmedBefore);
        expect(await games.creditsOf('steam', account)).toMatchObject([{ amount: TEN_USD_IN_KOPECKS, unit: 'RUB' }]);
        expect((await attempts(orderId)).map((attempt) => [attempt.status, attempt.reason])).toEqual([
          ['failed', 'failed'],
          ['succeeded', null],
        ]);
      } finally {
        smartglocal.requireConfirmation(false);
        smartglocal.setCallbackUrl(storeCallback());
      }
    },
  );

  it('fails over to the sandbox when the prefunding balance is short', async () => {
    smartglocal.setBalance(100);
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(payoutsOf(account)).toHaveLength(0);
    expect(await games.creditsOf('steam', account)).toMatchObject([{ amount: TEN_USD_IN_KOPECKS, unit: 'RUB' }]);
    expect((await attempts(orderId)).map((attempt) => [attempt.status, attempt.reason])).toEqual([
      ['failed', 'insufficient_balance'],
      ['succeeded', null],
    ]);
  });

  it('refunds when every source refuses', async () => {
    smartglocal.setBalance(100);
    const user = await shopper();
    // The sandbox declines a login ending in 13.
    const orderId = await buySteam(user, login('13'));
    await fulfilment.fulfilOrder(orderId);
    expect(await orderStatus(orderId)).toBe('failed');
    expect((await attempts(orderId)).map((attempt) => attempt.reason)).toEqual(['insufficient_balance', 'declined']);
    expect(await app.db('balance_ledger').where({ reference: `order:${orderId}:refund` }).first('amount')).toEqual({ amount: 1030 });
  });

  it('never fails over a payout Smart Glocal reports failed in an error session, which it says is not final', async () => {
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect((await smartglocal.finish(payoutsOf(account)[0]!.reference, 'failed')).status).toBe(200);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(GameProviderUnavailableError);
    expect(await orderStatus(orderId)).toBe('processing');
    expect(await attempts(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await games.creditsOf('steam', account)).toEqual([]);
  });

  it('lets a production store sell Steam once Smart Glocal supplies it and the sandbox is switched off', async () => {
    expect((await sandboxSuppliedGames(app.db)).map((game) => game.slug)).toContain('steam');
    await app.db('suppliers').where({ kind: 'sandbox' }).update({ active: false });
    expect((await sandboxSuppliedGames(app.db)).map((game) => game.slug)).not.toContain('steam');

    // With the sandbox off, Steam goes to Smart Glocal alone.
    const user = await shopper();
    const account = login();
    const orderId = await buySteam(user, account);
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(payoutsOf(account)).toHaveLength(1);
  });
});
