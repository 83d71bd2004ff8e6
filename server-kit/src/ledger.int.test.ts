import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, createTestDatabase, type TestDatabase } from '@topup/api/testing';
import { AppError } from './app-error';
import { changeBalance, type BalanceChange } from './ledger';

/** The fixtures encrypt codes; these tests create none, so any well-formed key does. */
const CODES_KEY = randomBytes(32).toString('hex');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const unique = () => randomBytes(6).toString('hex');

async function newUser(): Promise<number> {
  const [userId] = await createFixtures(database.db, CODES_KEY).shoppers(1);
  if (userId === undefined) throw new Error('No shopper was created');
  return userId;
}

const change = (fields: Partial<BalanceChange> & Pick<BalanceChange, 'userId' | 'amount'>): Promise<unknown> =>
  database.db.transaction((trx) =>
    changeBalance(trx, { currency: 'usd', reason: 'admin_adjustment', reference: `test:${unique()}`, ...fields }),
  );

/** Resolves once some session of this database is blocked waiting for a row lock. */
async function waitForLockWaiter(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = await database.db
      .from('pg_stat_activity')
      .where({ wait_event_type: 'Lock' })
      .andWhereRaw('datname = current_database()')
      .count({ n: '*' })
      .first();
    if (Number(row?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('No session started waiting for a lock');
}

async function balance(userId: number, currency = 'usd'): Promise<number> {
  const row = await database.db('balances').where({ user_id: userId, currency }).first('amount');
  return row.amount;
}

async function ledgerSum(userId: number, currency = 'usd'): Promise<number> {
  const row = await database.db('balance_ledger').where({ user_id: userId, currency }).sum({ total: 'amount' }).first();
  return Number(row?.total ?? 0);
}

describe('changeBalance', () => {
  it('credits and debits, writing one ledger entry each with the balance after it', async () => {
    const userId = await newUser();
    await change({ userId, amount: 1500, reason: 'admin_topup', note: 'welcome' });
    await change({ userId, amount: -499, reason: 'order_payment' });
    expect(await balance(userId)).toBe(1001);
    const entries = await database.db('balance_ledger').where({ user_id: userId }).orderBy('id');
    expect(entries.map((entry) => [entry.amount, entry.balance_after, entry.reason])).toEqual([
      [1500, 1500, 'admin_topup'],
      [-499, 1001, 'order_payment'],
    ]);
    expect(entries[0].note).toBe('welcome');
    expect(await ledgerSum(userId)).toBe(1001);
  });

  it('refuses an overdraft with 409 INSUFFICIENT_BALANCE and changes nothing', async () => {
    const userId = await newUser();
    await change({ userId, amount: 500, currency: 'rub' });
    const failure = await change({ userId, amount: -1250, currency: 'rub' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      message: 'You need 12.50 RUB but have 5.00 RUB',
      details: { required: 12.5, available: 5, currency: 'rub' },
    });
    expect(await balance(userId, 'rub')).toBe(500);
    expect(await database.db('balance_ledger').where({ user_id: userId })).toHaveLength(1);
  });

  it('applies a reference once: a repeat returns the first entry and moves nothing', async () => {
    const userId = await newUser();
    const reference = `refund:${unique()}`;
    const first = await change({ userId, amount: 700, reference });
    const again = await change({ userId, amount: 700, reference });
    expect(again).toEqual(first);
    expect(await balance(userId)).toBe(700);
  });

  it('refuses a reference already used by a different movement', async () => {
    const userId = await newUser();
    const reference = `clash:${unique()}`;
    await change({ userId, amount: 700, reference });
    await expect(change({ userId, amount: 900, reference })).rejects.toThrow(/already used/);
    expect(await balance(userId)).toBe(700);
  });

  it('refuses a zero or fractional amount', async () => {
    const userId = await newUser();
    await expect(change({ userId, amount: 0 })).rejects.toThrow(/non-zero integer/);
    await expect(change({ userId, amount: 1.5 })).rejects.toThrow(/non-zero integer/);
  });

  it('fails the whole later transaction when two race with the same reference', async () => {
    const userId = await newUser();
    const movement: BalanceChange = { userId, currency: 'usd', amount: 300, reason: 'order_refund', reference: `race:${unique()}` };
    const first = await database.db.transaction();
    const second = await database.db.transaction();
    try {
      await changeBalance(first, movement);
      // The second passes the reference check (the first has not committed) and waits on the balance row.
      const racing = changeBalance(second, movement).catch((err: unknown) => err);
      await waitForLockWaiter();
      await first.commit();
      expect(await racing).toMatchObject({ status: 409, code: 'CONFLICT' });
    } finally {
      if (!first.isCompleted()) await first.rollback();
      await second.rollback();
    }
    expect(await balance(userId)).toBe(300);
    expect(await database.db('balance_ledger').where({ reference: movement.reference })).toHaveLength(1);
  });

  it('never lets concurrent debits take a balance below zero', async () => {
    const userId = await newUser();
    await change({ userId, amount: 1000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => change({ userId, amount: -300 })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await balance(userId)).toBe(100);
    expect(await ledgerSum(userId)).toBe(100);
    const lowest = await database.db('balance_ledger').where({ user_id: userId }).min({ low: 'balance_after' }).first();
    expect(Number(lowest?.low)).toBeGreaterThanOrEqual(0);
  });
});
