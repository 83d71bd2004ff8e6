import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createSeagmProvider, type SupplierAccount } from '../../providers/game';
import { SandboxGameProvider } from '../../providers/game/sandbox-game-provider';
import { createFixtures } from '../../testing/fixtures';
import type { TestApp, TestUser } from '../../testing/harness';
import { scrapeMetrics } from '../../testing/metrics';
import { seagmSixtyUc, seagmWithCatalogue, startSeagmTestStore, type SeagmStandIn } from '../../testing/seagm-stand-in';
import { createFulfilmentService, type FulfilmentService } from '../fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../fulfilment/supplier-credit';
import { readSupplierBalances, READ_BALANCES_JOB, WAITING_FOR_BALANCE } from './supplier-balances';

const CREDENTIALS = { uid: '10000', secret: 'balances-secret-0123456789abcdef01234567' };
const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
const logger = pino({ level: 'silent' });

let app: TestApp;
let seagm: SeagmStandIn;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;
let accounts: { seagm: SupplierAccount };
let shopper: TestUser;
let supplierId: number;

beforeAll(async () => {
  ({ seagm, app } = await startSeagmTestStore(CREDENTIALS, { metricsToken: METRICS_TOKEN }));
  seagm.setCallbackUrl(`${app.baseUrl}/api/suppliers/seagm/callback`);
  fixtures = createFixtures(app.db, app.config.codesKey);
  const { provider, supplierId: seagmId } = await seagmWithCatalogue(app);
  supplierId = seagmId;
  accounts = { seagm: provider };
  const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  fulfilment = createFulfilmentService({ db: app.db, logger, games, suppliers: { seagm: provider }, codeCrypto: createCodeCrypto(app.config.codesKey) });
  shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 100_000);
});

afterAll(async () => {
  await app?.close();
  await seagm?.close();
});

beforeEach(async () => {
  seagm.setCredits(1000);
  await app.db('suppliers').where({ id: supplierId }).update({ low_balance_threshold: null });
});

const read = () => readSupplierBalances({ db: app.db, logger, accounts });
const supplierRow = () => app.db('suppliers').where({ id: supplierId }).first('balance', 'balance_currency', 'balance_checked_at', 'low_balance_threshold');

let counter = 0;
const sixtyUc = (options: { sandboxNext?: boolean } = {}) => seagmSixtyUc(app, options);

async function buy(pkg: { id: number }): Promise<{ orderId: number; player: string }> {
  const player = `${800_000 + (counter += 1)}1`;
  const bought = await app.request('POST', '/api/orders/topup', {
    token: shopper.token,
    body: { currency: 'usd', topupData: { service: 'pubg', player_id: player, offer_id: -1, price_usd: 0.99, price_rub: 79, packages: [{ denomination_id: pkg.id, quantity: 1 }] } },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return { orderId: bought.body.orderId, player };
}

const orderOf = (orderId: number) => app.db('orders').where({ id: orderId }).first('status', 'attention_reason');
const seagmOrdersFor = (player: string) => seagm.orders.filter((order) => order.fields.user_id === player);

describe('supplier balances', () => {
  it("reads SEAGM's balance from its account details, keeps it on the supplier with when it was read, and shows it as a metric", async () => {
    seagm.setCredits(1234.5);
    const [reading] = await read();
    expect(reading).toMatchObject({ kind: 'seagm', balance: { amount: 123_450, currency: 'USD' } });
    expect(await supplierRow()).toMatchObject({ balance: 123_450, balance_currency: 'USD', balance_checked_at: expect.any(Date) });
    const metrics = await scrapeMetrics(app, METRICS_TOKEN);
    expect(metrics.value('supplier_balance', { supplier: 'seagm', currency: 'USD' })).toBe(1234.5);
  });

  it('keeps the last reading when SEAGM does not answer', async () => {
    await read();
    const before = await supplierRow();
    const unreachable = { seagm: createSeagmProvider({ settings: { ...app.config.seagm, apiUrl: 'http://127.0.0.1:9' }, logger, timeoutMs: 500 }) };
    const [reading] = await readSupplierBalances({ db: app.db, logger, accounts: unreachable });
    expect(reading).toMatchObject({ kind: 'seagm', error: expect.any(String) });
    expect(await supplierRow()).toEqual(before);
  });

  it("queues a reading of the supplier's balance once its order has ended", async () => {
    const { orderId } = await buy(await sixtyUc());
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const queued = async () =>
      (await app.db('outbox').where({ queue: 'supplier-catalogue', job_name: READ_BALANCES_JOB }).whereRaw("(payload->>'supplierId')::int = ?", [supplierId]).pluck('id')).length;
    const whilePending = await queued();
    const attempt = await app.db('supplier_orders').where({ order_id: orderId }).first('reference');
    expect(await seagm.finish(attempt.reference, 10003)).toBe('success');
    expect(await queued()).toBe(whilePending + 1);
  });

  it('sends an order to the next source while the first supplier is known to be under its threshold', async () => {
    await app.db('suppliers').where({ id: supplierId }).update({ low_balance_threshold: 200_000 });
    await read();
    const { orderId, player } = await buy(await sixtyUc({ sandboxNext: true }));
    await fulfilment.fulfilOrder(orderId);
    expect(await orderOf(orderId)).toEqual({ status: 'completed', attention_reason: null });
    expect(seagmOrdersFor(player)).toEqual([]);
    const attempts = await app.db('supplier_orders').where({ order_id: orderId }).join('suppliers as s', 's.id', 'supplier_orders.supplier_id').select('s.kind', 'status');
    expect(attempts).toEqual([{ kind: 'sandbox', status: 'succeeded' }]);
  });

  it('tries a supplier under its threshold when it is the only source left', async () => {
    await app.db('suppliers').where({ id: supplierId }).update({ low_balance_threshold: 200_000 });
    await read();
    const { orderId, player } = await buy(await sixtyUc());
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    expect(seagmOrdersFor(player)).toHaveLength(1);
  });

  it('keeps an order no source could deliver for want of balance waiting, flagged and unrefunded, and delivers it once the balance is back', async () => {
    seagm.setCredits(0.5);
    const { orderId, player } = await buy(await sixtyUc());
    await fulfilment.fulfilOrder(orderId);
    const waiting = await orderOf(orderId);
    expect(waiting.status).toBe('processing');
    expect(waiting.attention_reason).toMatch(new RegExp(`^${WAITING_FOR_BALANCE}`));
    expect(await app.db('balance_ledger').where({ reference: `order:${orderId}:refund` }).first()).toBeUndefined();
    // Running the delivery again changes nothing while no balance came back.
    await fulfilment.fulfilOrder(orderId);
    expect(await app.db('supplier_orders').where({ order_id: orderId }).pluck('status')).toEqual(['failed']);

    // The reading after the refusal finds the balance still short: nothing is sent again.
    expect((await read())[0]).toMatchObject({ released: 0 });
    seagm.setCredits(1000);
    expect((await read())[0]).toMatchObject({ released: 1 });
    expect(await orderOf(orderId)).toEqual({ status: 'processing', attention_reason: null });
    const jobs = await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("(payload->>'orderId')::int = ?", [orderId]).pluck('id');
    expect(jobs).toHaveLength(2);
    const events = await app.db('order_events').where({ order_id: orderId }).whereIn('kind', ['attention_raised', 'attention_cleared', 'retry_requested']).orderBy('id').pluck('kind');
    expect(events).toEqual(['attention_raised', 'attention_cleared', 'retry_requested']);

    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
    const [order] = seagmOrdersFor(player);
    expect(await seagm.finish(order!.mchOrderId, 10003)).toBe('success');
    await fulfilment.fulfilOrder(orderId);
    expect(await orderOf(orderId)).toEqual({ status: 'completed', attention_reason: null });
    expect(seagmOrdersFor(player)).toHaveLength(1);
  });
});
