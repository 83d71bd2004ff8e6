import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceCurrency } from '@topup/common';
import { AppError } from '../../lib/app-error';
import { createFixtures } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/harness';
import { payCartFromBalance, placeCartOrder } from './order-placement';

let database: TestDatabase;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = createFixtures(database.db, 'ab'.repeat(32));
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await database.drop();
});

const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };
const CARD = { method: 'card', holdSeconds: 900 } as const;

/** Outside any transaction, as the checkout pays. */
const payFromBalance = (userId: number, currency: BalanceCurrency = 'usd') => payCartFromBalance(database.db, userId, currency, undefined);
const placeForCard = (userId: number) => database.db.transaction((trx) => placeCartOrder(trx, userId, 'usd', CARD));

async function shopperWithLine(productId: number, options: { quantity?: number; usd?: number } = {}): Promise<number> {
  const [userId] = await fixtures.shoppers(1);
  await fixtures.cartLine({ userId: userId!, productId, ...OPTION, quantity: options.quantity ?? 1 });
  if (options.usd) await fixtures.fundBalance(userId!, 'usd', options.usd);
  return userId!;
}

describe('payCartFromBalance and placeCartOrder', () => {
  it("writes a balance order's fulfilment job on the outbox, and the relay is woken once it commits", async () => {
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 2 });
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      let notifications = 0;
      listener.on('notification', () => (notifications += 1));
      await listener.query('LISTEN outbox');

      const paid = await payFromBalance(await shopperWithLine(product.id, { usd: 1099 }));
      expect(await database.db('outbox').whereRaw("payload->>'orderId' = ?", [String(paid.order.id)])).toMatchObject([
        { queue: 'fulfilment', job_name: 'fulfil-order', payload: { orderId: paid.order.id } },
      ]);
      const deadline = Date.now() + 10_000;
      while (notifications === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(notifications).toBeGreaterThan(0);

      const byCard = await placeForCard(await shopperWithLine(product.id));
      expect(byCard).toMatchObject({ total: 1099, rate: '79.000000' });
      expect(await database.db('outbox').whereRaw("payload->>'orderId' = ?", [String(byCard.orderId)])).toEqual([]);
      expect(await database.db('orders').where({ id: byCard.orderId }).first()).toMatchObject({ status: 'pending', paid_at: null });
    } finally {
      await listener.end();
    }
  });

  it('refuses the whole cart when one of its lines is short, taking nothing of the others', async () => {
    const plenty = await fixtures.product();
    const scarce = await fixtures.product({ title: 'Scarce Card' });
    const plentyCodes = await fixtures.codes({ productId: plenty.id, ...OPTION, count: 3 });
    await fixtures.codes({ productId: scarce.id, ...OPTION, count: 1 });
    const userId = await shopperWithLine(plenty.id, { quantity: 2, usd: 100_000 });
    await fixtures.cartLine({ userId, productId: scarce.id, ...OPTION, quantity: 2 });

    const refused = await payFromBalance(userId).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'Only 1 of 2 × Scarce Card are in stock',
      details: { productId: scarce.id, requested: 2, available: 1 },
    });
    const codes = await database.db('stock_codes').where({ source: 'manual' }).whereIn('number', plentyCodes);
    expect(codes.every((code) => code.status === 'available' && code.order_id === null)).toBe(true);
    expect(await database.db('cart_items').where({ user_id: userId })).toHaveLength(2);
    expect(await database.db('orders').where({ user_id: userId })).toEqual([]);
  });

  it('balance and card checkouts racing for manual and generated codes: each code sold once, the losers untouched', async () => {
    const product = await fixtures.product();
    const manualIds = await fixtures.codes({ productId: product.id, ...OPTION, count: 6 });
    const generatedIds = await fixtures.generatedCodes({ productId: product.id, ...OPTION, count: 6 });
    const shoppers = await Promise.all(Array.from({ length: 24 }, () => shopperWithLine(product.id, { usd: 1099 })));

    const outcomes = await Promise.all(
      shoppers.map((userId, index) =>
        (index % 2 === 0
          ? payFromBalance(userId).then(({ order }) => ({ orderId: order.id, byBalance: true }))
          : placeForCard(userId).then(({ orderId }) => ({ orderId, byBalance: false }))
        ).then(
          (placed) => ({ userId, placed }),
          (err: unknown) => ({ userId, err }),
        ),
      ),
    );
    const won = outcomes.filter((outcome) => 'placed' in outcome);
    const lost = outcomes.filter((outcome) => 'err' in outcome);
    expect(won).toHaveLength(12);
    for (const outcome of lost) expect((outcome as { err: AppError }).err).toMatchObject({ status: 409, code: 'OUT_OF_STOCK' });

    const items = await fixtures.orderItems(won.map((outcome) => (outcome as { placed: { orderId: number } }).placed.orderId));
    expect(items.map((item) => item.code_id ?? `g${item.generated_code_id}`).sort()).toEqual(
      [...manualIds, ...generatedIds.map((id) => `g${id}`)].sort(),
    );
    const codes = await database.db('stock_codes').where({ product_id: product.id });
    expect(codes.every((code) => code.status === 'reserved' && code.order_id !== null)).toBe(true);

    const lostIds = lost.map((outcome) => outcome.userId);
    expect(await database.db('cart_items').whereIn('user_id', lostIds)).toHaveLength(lostIds.length);
    const lostBalances = await database.db('balances').whereIn('user_id', lostIds).where({ currency: 'usd' });
    expect(lostBalances.every((balance) => balance.amount === 1099)).toBe(true);
    const payments = await database.db('balance_ledger').whereIn('user_id', shoppers).where({ reason: 'order_payment' });
    const paidByBalance = won.filter((outcome) => (outcome as { placed: { byBalance: boolean } }).placed.byBalance);
    expect(payments.map((entry) => entry.user_id).sort()).toEqual(paidByBalance.map((outcome) => outcome.userId).sort());
    expect(payments.every((entry) => entry.amount === -1099 && entry.balance_after === 0)).toBe(true);
  });
});
