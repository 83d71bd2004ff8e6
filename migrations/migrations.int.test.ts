import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readBigintsAsNumbers } from '@topup/server-kit';
import '@topup/server-kit/testing';
import {
  dropDatabase,
  ensureDatabase,
  migrateLatest,
  migrationSource,
  rollbackAll,
  seedDemoData,
  type DemoSeedOptions,
} from './index';

// An empty database of this file's own (not the run's migrated template): migrations start from nothing.
const databaseUrl = (() => {
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/topup_t_${inject('runId')}_mig_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

const ALL_TABLES = [
  'users',
  'balances',
  'balance_ledger',
  'products',
  'regions',
  'product_regions',
  'games',
  'game_denominations',
  'game_denomination_sources',
  'suppliers',
  'supplier_products',
  'supplier_orders',
  'code_generation_requests',
  'stock_codes',
  'promotions',
  'currency_rates',
  'currency_settings',
  'stock_thresholds',
  'cart_items',
  'orders',
  'order_items',
  'order_events',
  'payments',
  'payme_transactions',
  'click_transactions',
  'gateway_events',
  'outbox',
  'support_messages',
  'support_replies',
  'support_settings',
  'email_links',
  'mails',
  'audit_log',
  'code_reveals',
  'rate_update_runs',
  'payment_refunds',
  'idempotency_keys',
  'revoked_tokens',
  'user_two_factor',
  'two_factor_recovery_codes',
  'user_notes',
  'two_factor_challenges',
  'promo_codes',
  'promo_code_uses',
].sort();

const SEED_OPTIONS: DemoSeedOptions = {
  adminNickname: 'admin',
  adminPassword: 'admin12345',
  shopperNickname: 'shopper',
  shopperPassword: 'shopper12345',
  codesKey: randomBytes(32).toString('hex'),
};

let db: Knex;

async function publicTables(): Promise<string[]> {
  const rows = await db('pg_tables').where({ schemaname: 'public' }).pluck<string[]>('tablename');
  return rows.filter((name) => !name.startsWith('knex_migrations')).sort();
}

const publicViews = () => db('pg_views').where({ schemaname: 'public' }).pluck<string[]>('viewname');

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const row = await db(table).count<{ count: number }>({ count: '*' }).first();
    counts[table] = Number(row?.count);
  }
  return counts;
}

/**
 * Rolls back the migrations after `name` and then `name` itself, newest first, as a store that never ran
 * them: a later migration may build on what an earlier one made (the game model on the thresholds' tables).
 */
async function rollBackTo(name: string): Promise<void> {
  for (;;) {
    const [completed] = (await db.migrate.list({ migrationSource })) as [Array<{ name: string } | string>, unknown[]];
    if (!completed.some((entry) => (typeof entry === 'string' ? entry : entry.name) === name)) return;
    await db.migrate.down({ migrationSource });
  }
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function sqlState(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'no code';
  }
}

beforeAll(async () => {
  expect(await ensureDatabase(databaseUrl)).toBe(true);
  expect(await ensureDatabase(databaseUrl)).toBe(false);
  // The counts and prices compared below are bigint columns, read as numbers as the API reads them.
  readBigintsAsNumbers();
  db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(databaseUrl);
});

describe('migrations', () => {
  it('create every table, roll back to nothing, and apply again', async () => {
    await migrateLatest(db);
    expect(await publicTables()).toEqual(ALL_TABLES);
    expect((await publicViews()).sort()).toEqual(['cart_lines', 'sellable_stock']);

    await rollbackAll(db);
    expect(await publicTables()).toEqual([]);
    expect(await publicViews()).toEqual([]);
    const leftoverFunctions = await db.raw<{ rows: unknown[] }>(
      `SELECT proname FROM pg_proc JOIN pg_namespace n ON n.oid = pronamespace WHERE n.nspname = 'public'`,
    );
    expect(leftoverFunctions.rows).toEqual([]);

    await migrateLatest(db);
    expect(await publicTables()).toEqual(ALL_TABLES);
    // Nothing pending after a second run.
    await migrateLatest(db);
    const [completed, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
    expect(completed).toHaveLength((await migrationSource.getMigrations([])).length);
    expect(pending).toEqual([]);
  });
});

describe('one exchange rate per pair', () => {
  const MIGRATION = '20261126040001_rate_guards_and_stock_thresholds';

  it('folds inverse rows into their pair, turns a lone rate below 1 round, and keeps the timestamps', async () => {
    await migrateLatest(db);
    await rollBackTo(MIGRATION);
    await db('currency_rates').delete();
    await db('currency_rates').insert([
      { from_currency: 'usd', to_currency: 'rub', rate: '79', auto_update: true, updated_at: '2026-01-02T03:04:05Z' },
      { from_currency: 'rub', to_currency: 'usd', rate: '0.012658', auto_update: true },
      { from_currency: 'kzt', to_currency: 'usd', rate: '0.002', auto_update: false },
      { from_currency: 'usd', to_currency: 'uzs', rate: '12650', auto_update: true },
    ]);
    await migrateLatest(db);

    const rates = await db('currency_rates').orderBy(['from_currency', 'to_currency']).select('from_currency', 'to_currency', 'rate', 'auto_update');
    expect(rates).toEqual([
      { from_currency: 'usd', to_currency: 'kzt', rate: '500.000000', auto_update: false },
      { from_currency: 'usd', to_currency: 'rub', rate: '79.000000', auto_update: true },
      { from_currency: 'usd', to_currency: 'uzs', rate: '12650.000000', auto_update: true },
    ]);
    const usdRub = await db('currency_rates').where({ from_currency: 'usd', to_currency: 'rub' }).first('checked_at', 'changed_at');
    expect([usdRub.checked_at.toISOString(), usdRub.changed_at.toISOString()]).toEqual(['2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z']);
    // Either direction of a pair is the same pair.
    expect(await sqlState(db('currency_rates').insert({ from_currency: 'rub', to_currency: 'usd', rate: '0.0125' }))).toBe('23505');
    await db('currency_rates').delete();
  });
});

describe('demo seed', () => {
  beforeAll(async () => {
    await migrateLatest(db);
  });

  it('fills the store and changes nothing when run again', async () => {
    await seedDemoData(db, SEED_OPTIONS);
    const first = await rowCounts();
    expect(first.users).toBe(2);
    expect(first.balances).toBe(4);
    expect(first.balance_ledger).toBe(2);
    expect(first.products).toBeGreaterThanOrEqual(9);
    expect(first.regions).toBeGreaterThanOrEqual(6);
    const codesOf = async (source: string) => Number((await db('stock_codes').where({ source }).count<Array<{ count: string }>>({ count: '*' }))[0]?.count);
    expect(await codesOf('manual')).toBeGreaterThan(100);
    // PUBG, Free Fire and Steam; six UC packages and six Free Fire offers, each with its one source.
    expect(first.games).toBe(3);
    expect(first.game_denominations).toBe(12);
    expect(first.game_denomination_sources).toBe(12);
    expect(await codesOf('generated')).toBeGreaterThan(0);
    expect(await codesOf('pubg_redemption')).toBe(120);
    expect(first.promotions).toBe(4);
    expect(first.currency_rates).toBe(3);
    expect(first.currency_settings).toBe(1);

    const passwordHash = await db('users').where({ nickname: 'shopper' }).first('password_hash', 'updated_at');
    await seedDemoData(db, SEED_OPTIONS);
    expect(await rowCounts()).toEqual(first);
    // An existing account is left alone (no new hash, no new salt).
    expect(await db('users').where({ nickname: 'shopper' }).first('password_hash', 'updated_at')).toEqual(passwordHash);
  });

  it('gives the shopper the starting balances, each backed by the ledger', async () => {
    const balances = await db('balances as b')
      .join('users as u', 'u.id', 'b.user_id')
      .select('u.nickname', 'b.user_id', 'b.currency', 'b.amount');
    const byKey = Object.fromEntries(balances.map((b) => [`${b.nickname}:${b.currency}`, b.amount]));
    expect(byKey).toEqual({ 'shopper:usd': 10_000, 'shopper:rub': 800_000, 'admin:usd': 0, 'admin:rub': 0 });

    for (const balance of balances) {
      const ledger = await db('balance_ledger')
        .where({ user_id: balance.user_id, currency: balance.currency })
        .sum<{ sum: number | null }>({ sum: 'amount' })
        .first();
      expect(Number(ledger?.sum ?? 0)).toBe(balance.amount);
    }
    const roles = await db('users').orderBy('nickname').select('nickname', 'role');
    expect(roles).toEqual([
      { nickname: 'admin', role: 'admin' },
      { nickname: 'shopper', role: 'user' },
    ]);
  });

  it('stores codes encrypted and priced in RUB at the seeded rate', async () => {
    const codes = await db('stock_codes').whereIn('source', ['manual', 'generated']).select('code_encrypted', 'price_usd', 'price_rub');
    for (const code of codes) {
      expect(code.code_encrypted).not.toMatch(/DEMO/);
      expect(code.price_rub).toBe(code.price_usd * 79);
    }
    const options = await db('stock_codes')
      .where({ source: 'manual', status: 'available' })
      .countDistinct<{ count: number }>({ count: db.raw('(product_id, region_id, game_amount, price_usd, price_rub)') })
      .first();
    expect(Number(options?.count)).toBeGreaterThan(20);
  });

  it('has the database refuse an overdraft and any change to the ledger', async () => {
    const shopper = await db('users').where({ nickname: 'shopper' }).first('id');
    // 23514 check_violation
    expect(await sqlState(db('balances').where({ user_id: shopper.id, currency: 'usd' }).update({ amount: -1 }))).toBe(
      '23514',
    );
    // 23001 restrict_violation, raised by the append-only trigger
    expect(await sqlState(db('balance_ledger').where({ user_id: shopper.id }).update({ note: 'edited' }))).toBe('23001');
    expect(await sqlState(db('balance_ledger').where({ user_id: shopper.id }).delete())).toBe('23001');
    // ... and a user with money history cannot be deleted (23503 foreign_key_violation, ON DELETE RESTRICT).
    expect(await sqlState(db('users').where({ id: shopper.id }).delete())).toBe('23503');
  });

  it('enforces the code reservation and order item rules', async () => {
    const code = await db('stock_codes').where({ source: 'manual' }).first('id');
    expect(await sqlState(db('stock_codes').where({ id: code.id }).update({ status: 'reserved' }))).toBe('23514');
    expect(await sqlState(db('stock_codes').where({ id: code.id }).update({ status: 'used' }))).toBe('23514');
    expect(await sqlState(db('stock_codes').where({ id: code.id }).update({ status: 'sold' }))).toBe('23514');
    // Each source fills what it needs: a manual code has no denomination, a redeemed one no price.
    expect(await sqlState(db('stock_codes').where({ id: code.id }).update({ status: 'error' }))).toBe('23514');
    const redeemed = await db('stock_codes').where({ source: 'pubg_redemption' }).first('id');
    expect(await sqlState(db('stock_codes').where({ id: redeemed.id }).update({ price_usd: 99 }))).toBe('23514');

    const shopper = await db('users').where({ nickname: 'shopper' }).first('id');
    await db.transaction(async (trx) => {
      const [order] = await trx('orders')
        .insert({
          user_id: shopper.id,
          kind: 'codes',
          payment_method: 'card',
          currency: 'usd',
          total: 525,
          total_usd: 525,
          rate_usd_rub: '79',
          hold_expires_at: trx.raw(`now() + interval '15 minutes'`),
        })
        .returning('id');
      await trx('stock_codes')
        .where({ id: code.id })
        .update({ status: 'reserved', order_id: order.id, reserved_until: trx.raw(`now() + interval '15 minutes'`) });
      const item = {
        order_id: order.id,
        item_type: 'code',
        stock_code_id: code.id,
        amount: 525,
        price_usd: 525,
        price_rub: 41_475,
        rate_used: '79',
      };
      await trx('order_items').insert(item);
      // Each refused statement runs in a nested transaction (a savepoint), so this one stays usable.
      // 23505 unique_violation: the same code in a second order item.
      expect(await sqlState(trx.transaction((sp) => sp('order_items').insert(item)))).toBe('23505');
      // A top-up item needs its data.
      const topup = { ...item, stock_code_id: null, item_type: 'topup', topup_data: null };
      expect(await sqlState(trx.transaction((sp) => sp('order_items').insert(topup)))).toBe('23514');
      throw new RollbackTest();
    }).catch((err) => {
      if (!(err instanceof RollbackTest)) throw err;
    });
  });
});

/** Thrown to roll a test's transaction back. */
class RollbackTest extends Error {}

describe('orders paid by SBP', () => {
  const MIGRATION = '20261128000005_orders_paid_by_sbp';

  it('records the gateway orders already paid by SBP as sbp, the rest as they were, and refuses any other method', async () => {
    await migrateLatest(db);
    await rollBackTo(MIGRATION);
    const [user] = await db('users').insert({ nickname: `sbp-${randomBytes(4).toString('hex')}`, password_hash: 'x' }).returning('id');
    const order = (paymentMethod: string) => ({
      user_id: user.id,
      kind: 'codes',
      payment_method: paymentMethod,
      currency: 'rub',
      total: 7821,
      total_usd: 99,
      rate_usd_rub: '79',
      hold_expires_at: db.raw(`now() + interval '15 minutes'`),
    });
    const [bySbp, byCard, fromBalance] = await db('orders').insert([order('card'), order('card'), order('balance')]).returning('id');
    const payment = (orderId: number, method: string) => ({
      user_id: user.id,
      order_id: orderId,
      provider: 'yookassa',
      method,
      amount: 7821,
      currency: 'rub',
      expires_at: db.raw(`now() + interval '15 minutes'`),
    });
    await db('payments').insert([payment(bySbp.id, 'sbp'), payment(byCard.id, 'card')]);
    await migrateLatest(db);

    const methods = await db('orders').whereIn('id', [bySbp.id, byCard.id, fromBalance.id]).orderBy('id').pluck('payment_method');
    expect(methods).toEqual(['sbp', 'card', 'balance']);
    // 23514 check_violation
    expect(await sqlState(db('orders').where({ id: byCard.id }).update({ payment_method: 'paypal' }))).toBe('23514');
    await db('payments').whereIn('order_id', [bySbp.id, byCard.id]).delete();
    await db('orders').whereIn('id', [bySbp.id, byCard.id, fromBalance.id]).delete();
    await db('users').where({ id: user.id }).delete();
  });
});
