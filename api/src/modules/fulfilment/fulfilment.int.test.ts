import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { SandboxGameProvider } from '../../providers/game';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let fulfilment: FulfilmentService;
/** What the service logged, to count deliveries. */
const logged: Array<{ msg: string; orderId?: number }> = [];

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  fulfilment = createFulfilmentService({
    db: app.db,
    logger,
    games: new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix }),
    codeCrypto: createCodeCrypto(app.config.codesKey),
  });
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

const OPTION = { gameAmount: 100, priceUsd: 99, priceRub: 7821 };

/** A paid code order bought through the API: one manual and one generated code. */
async function paidOrder(user: TestUser): Promise<number> {
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.generatedCodes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 2 });
  await fixtures.fundBalance(user.id, 'usd', 198);
  const response = await app.request('POST', '/api/payment/from-balance', { token: user.token, body: { currency: 'usd' } });
  expect(response.status).toBe(201);
  return response.body.orderId;
}

async function codesOf(orderId: number) {
  const columns = ['status', 'order_id', 'sold_at', 'reserved_until'];
  return [
    ...(await app.db('stock_codes').where({ source: 'manual' }).where({ order_id: orderId }).select(columns)),
    ...(await app.db('stock_codes').where({ source: 'generated' }).where({ order_id: orderId }).select(columns)),
  ];
}

const orderRow = (orderId: number) => app.db('orders').where({ id: orderId }).first('status', 'completed_at', 'updated_at');

describe('fulfilOrder', () => {
  it('completes a code order once, however often and concurrently it runs; codes show only after', async () => {
    const user = await app.createUser();
    const orderId = await paidOrder(user);
    const detail = () => app.request('GET', `/api/orders/${orderId}`, { token: user.token });

    const before = await detail();
    expect(before.body.items.map((item: any) => item.code)).toEqual([null, null]);

    await Promise.all([fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId), fulfilment.fulfilOrder(orderId)]);
    const completed = await orderRow(orderId);
    expect(completed.status).toBe('completed');
    expect(completed.completed_at).toBeInstanceOf(Date);
    const codes = await codesOf(orderId);
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      expect(code).toMatchObject({ status: 'used', reserved_until: null });
      expect(code.sold_at).toBeInstanceOf(Date);
    }

    await fulfilment.fulfilOrder(orderId);
    expect(await orderRow(orderId)).toEqual(completed);
    expect(await codesOf(orderId)).toEqual(codes);
    expect(logged.filter((line) => line.orderId === orderId && line.msg === 'Code order fulfilled')).toHaveLength(1);

    const after = await detail();
    // Neither was activated on the Free Fire page (the generated code could be).
    expect(after.body.items.map((item: any) => item.code)).toEqual([
      { code: expect.stringMatching(/^CODE-/), activatedAt: null, activatedPlayerId: null },
      { code: expect.stringMatching(/^GEN-/), activatedAt: null, activatedPlayerId: null },
    ]);
    const reveals = await app
      .db('code_reveals as r')
      .join('order_items as i', 'i.id', 'r.order_item_id')
      .where('i.order_id', orderId)
      .select('r.user_id');
    expect(reveals).toEqual([{ user_id: user.id }, { user_id: user.id }]);
  });

  it('refuses to complete an order whose codes are no longer reserved for it, changing nothing', async () => {
    const user = await app.createUser();
    const orderId = await paidOrder(user);
    await app.db('stock_codes').where({ source: 'generated' }).where({ order_id: orderId }).update({ status: 'available', order_id: null, reserved_until: null });
    const before = { order: await orderRow(orderId), codes: await codesOf(orderId) };
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toThrow(/1 of its 2 codes/);
    expect({ order: await orderRow(orderId), codes: await codesOf(orderId) }).toEqual(before);
  });

  it('leaves orders that are not awaiting fulfilment alone', async () => {
    const user = await app.createUser();
    const [pending, topup] = await app
      .db('orders')
      .insert([
        { user_id: user.id, status: 'pending', kind: 'codes', payment_method: 'card', currency: 'usd', total: 99, total_usd: 99, rate_usd_rub: '79' },
        { user_id: user.id, status: 'processing', kind: 'topup', payment_method: 'balance', currency: 'usd', total: 99, total_usd: 99, rate_usd_rub: '79' },
      ])
      .returning('id');
    const before = [await orderRow(pending.id), await orderRow(topup.id)];
    await fulfilment.fulfilOrder(pending.id);
    await fulfilment.fulfilOrder(topup.id);
    await fulfilment.fulfilOrder(987_654_321);
    expect([await orderRow(pending.id), await orderRow(topup.id)]).toEqual(before);
  });
});
