import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_TIME_ZONE } from '@topup/common';
import { createCodeCrypto } from '@topup/server-kit';
import { SandboxGameProvider } from '../../../providers/game/sandbox-game-provider';
import { createFixtures } from '../../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/harness';
import { seagmSixtyUc, seagmWithCatalogue, startSeagmStandIn, type SeagmStandIn } from '../../../testing/seagm-stand-in';
import { createFulfilmentService, type FulfilmentService } from '../../fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../../fulfilment/supplier-credit';

const CREDENTIALS = { uid: '10000', secret: 'margins-secret-0123456789abcdef0123456789' };
const logger = pino({ level: 'silent' });

let app: TestApp;
let seagm: SeagmStandIn;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  // PUBG's 60 UC priced by SEAGM in USD, and a Malaysian 60 UC priced in ringgit, which the store has no rate for.
  seagm = await startSeagmStandIn({
    ...CREDENTIALS,
    credits: 1000,
    categories: [{ id: 1, name: 'PUBG Mobile (Global)' }],
    types: [
      { id: 101, categoryId: 1, name: '60 UC', unitPrice: 0.86, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
      { id: 102, categoryId: 1, name: '60 UC (MY)', unitPrice: 3.9, currency: 'MYR', fields: [{ name: 'user_id', label: 'User ID' }] },
    ],
  });
  app = await startTestApp({ seagm: { apiUrl: seagm.url, ...CREDENTIALS } });
  seagm.setCallbackUrl(`${app.baseUrl}/api/suppliers/seagm/callback`);
  fixtures = createFixtures(app.db, app.config.codesKey);
  const { provider } = await seagmWithCatalogue(app);
  const games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  fulfilment = createFulfilmentService({ db: app.db, logger, games, suppliers: { seagm: provider }, codeCrypto: createCodeCrypto(app.config.codesKey) });
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 100_000);
  await fixtures.fundBalance(shopper.id, 'rub', 10_000_000);
});

afterAll(async () => {
  await app?.close();
  await seagm?.close();
});

let counter = 0;

/** Buys the package in `currency`, and has SEAGM deliver it: pending, its signed notice, then the delivery run again. */
async function deliveredOrder(typeId: string, currency: 'usd' | 'rub'): Promise<number> {
  const pkg = await seagmSixtyUc(app, { typeId });
  const player = `${700_000 + (counter += 1)}3`;
  const bought = await app.request('POST', '/api/orders/topup', {
    token: shopper.token,
    body: {
      currency,
      topupData: { service: 'pubg', player_id: player, offer_id: -1, price_usd: 0.99, price_rub: 79, packages: [{ denomination_id: pkg.id, quantity: 1 }] },
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const orderId: number = bought.body.orderId;
  await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);
  const order = seagm.orders.find((candidate) => candidate.fields.user_id === player)!;
  expect(await seagm.finish(order.mchOrderId, 10003)).toBe('success');
  await fulfilment.fulfilOrder(orderId);
  expect((await app.db('orders').where({ id: orderId }).first('status')).status).toBe('completed');
  return orderId;
}

const attemptOf = (orderId: number) => app.db('supplier_orders').where({ order_id: orderId }).first('cost', 'cost_currency', 'sale_cost', 'cost_rate');
const adminOrder = async (orderId: number) => (await app.request('GET', `/api/admin/orders/${orderId}`, { token: admin.token })).body;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(new Date());

describe('costs and margins', () => {
  let rubOrder: number;
  let usdOrder: number;
  let unratedOrder: number;

  beforeAll(async () => {
    rubOrder = await deliveredOrder('101', 'rub');
    usdOrder = await deliveredOrder('101', 'usd');
    unratedOrder = await deliveredOrder('102', 'rub');
  });

  it("records what the supplier charged and its value in the order's currency at the day's rate", async () => {
    // 0.86 USD at 79 RUB a dollar is 67.94 RUB.
    expect(await attemptOf(rubOrder)).toEqual({ cost: 86, cost_currency: 'USD', sale_cost: 6794, cost_rate: '79.000000000000' });
    expect(await attemptOf(usdOrder)).toEqual({ cost: 86, cost_currency: 'USD', sale_cost: 86, cost_rate: '1.000000000000' });
  });

  it('records a cost in a currency the store has no rate for with no value in the sale currency', async () => {
    expect(await attemptOf(unratedOrder)).toEqual({ cost: 390, cost_currency: 'MYR', sale_cost: null, cost_rate: null });
  });

  it('shows the back office each item’s cost and margin, and the order’s', async () => {
    const rub = await adminOrder(rubOrder);
    expect(rub.items[0].margin).toEqual({ cost: 67.94, margin: 11.06, rate: '79', unknown: null });
    expect(rub.margin).toEqual({ cost: 67.94, margin: 11.06, complete: true });
    expect((await adminOrder(usdOrder)).items[0].margin).toEqual({ cost: 0.86, margin: 0.13, rate: '1', unknown: null });

    const unrated = await adminOrder(unratedOrder);
    expect(unrated.items[0].margin).toEqual({ cost: null, margin: null, rate: null, unknown: 'no_rate' });
    expect(unrated.items[0].delivery).toMatchObject({ cost: 3.9, costCurrency: 'MYR' });
    expect(unrated.margin).toEqual({ cost: 0, margin: 0, complete: false });
  });

  it('reports the margins per game, supplier and currency over a range of days, and as a CSV file', async () => {
    const day = today();
    const report = await app.request('GET', `/api/admin/reports/margins?from=${day}&to=${day}`, { token: admin.token });
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      from: day,
      to: day,
      lines: [
        { game: 'pubg', gameTitle: expect.any(String), supplier: 'SEAGM', currency: 'rub', deliveries: 2, revenue: 158, cost: 67.94, margin: 11.06, uncosted: 1 },
        { game: 'pubg', gameTitle: expect.any(String), supplier: 'SEAGM', currency: 'usd', deliveries: 1, revenue: 0.99, cost: 0.86, margin: 0.13, uncosted: 0 },
      ],
    });

    const csv = await fetch(`${app.baseUrl}/api/admin/reports/margins.csv?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(`margins-${day}-${day}.csv`);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('game,game_title,supplier,currency,deliveries,revenue,cost,margin,uncosted');
    expect(lines.slice(1).map((line) => line.split(',').slice(2).join(','))).toEqual(['SEAGM,rub,2,158.00,67.94,11.06,1', 'SEAGM,usd,1,0.99,0.86,0.13,0']);

    const yesterday = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    expect((await app.request('GET', `/api/admin/reports/margins?from=${yesterday}&to=${yesterday}`, { token: admin.token })).body.lines).toEqual([]);
  });

  it('refuses a range that ends before it starts, and a shopper', async () => {
    const backwards = await app.request('GET', '/api/admin/reports/margins?from=2026-12-02&to=2026-12-01', { token: admin.token });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'to', message: expect.any(String) }] });
    expect((await app.request('GET', '/api/admin/reports/margins?from=2026-12-01&to=2026-12-01', { token: shopper.token })).status).toBe(403);
  });
});
