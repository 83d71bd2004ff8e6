import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropDatabase, ensureDatabase, migrateLatest, seedDemoData } from '@topup/migrations';
import { createDb } from '../db';
import { createCodeCrypto } from '@topup/server-kit';
import '@topup/server-kit/testing';
import { Balance, CurrencyRate, CurrencySettings, GeneratedCode, Order, Product, PubgDenomination, User } from './index';

const CODES_KEY = randomBytes(32).toString('hex');
const databaseUrl = (() => {
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/topup_t_${inject('runId')}_models_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let db: Knex;

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  db = createDb(databaseUrl, { min: 0, max: 4 });
  await migrateLatest(db);
  await seedDemoData(db, {
    adminNickname: 'admin',
    adminPassword: 'admin12345',
    shopperNickname: 'shopper',
    shopperPassword: 'shopper12345',
    codesKey: CODES_KEY,
  });
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(databaseUrl);
});

describe('models', () => {
  it('load a product with its regions and the per-region game currency', async () => {
    const product = await Product.query(db).findOne({ slug: 'steam-gift-card' }).withGraphFetched('regions(byCode)').modifiers({
      byCode: (query) => void query.orderBy('code'),
    });
    expect(product?.has_regions).toBe(true);
    const regions = product?.regions?.map((region) => [region.code, region.game_currency, region.product_game_currency]);
    expect(regions).toEqual([
      ['EU', 'EUR', 'EUR'],
      ['RU', 'RUB', 'RUB'],
      ['TR', 'TRY', 'TRY'],
      ['US', 'USD', null],
    ]);
  });

  it('read money as integers, rates as strings, timestamps as Dates', async () => {
    const shopper = await User.query(db).findOne({ nickname: 'shopper' }).withGraphFetched('balances');
    expect(shopper?.balances?.map((b) => [b.currency, b.amount]).sort()).toEqual([
      ['rub', 800_000],
      ['usd', 10_000],
    ]);
    const rate = await CurrencyRate.query(db).findOne({ from_currency: 'usd', to_currency: 'rub' });
    expect(rate?.rate).toBe('79.000000');
    const settings = await CurrencySettings.query(db).findById(CurrencySettings.SINGLETON_ID);
    expect(settings?.steam_commission_percent).toBe('3.00');
    expect(shopper?.created_at).toBeInstanceOf(Date);
    const balance = await Balance.query(db).findById([shopper!.id, 'usd']);
    expect(balance?.amount).toBe(10_000);
  });

  it('keep the password hash out of JSON', async () => {
    const admin = await User.query(db).findOne({ nickname: 'admin' });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.parse(JSON.stringify(admin))).not.toHaveProperty('password_hash');
  });

  it('refresh updated_at on update', async () => {
    const denomination = await PubgDenomination.query(db).findOne({ uc_amount: 60 });
    const before = denomination!.updated_at;
    await new Promise((resolve) => setTimeout(resolve, 10));
    await denomination!.$query(db).patch({ active: false });
    const after = await PubgDenomination.query(db).findById(denomination!.id);
    expect(after!.updated_at.getTime()).toBeGreaterThan(before.getTime());
    expect(after!.active).toBe(false);
  });

  it('insert an order graph and read it back with its codes', async () => {
    const shopper = await User.query(db).findOne({ nickname: 'shopper' });
    const code = await GeneratedCode.query(db).where({ status: 'available', published: true }).first();
    const order = await Order.query(db).insertGraph({
      user_id: shopper!.id,
      kind: 'codes',
      payment_method: 'balance',
      currency: 'usd',
      total: code!.price_usd,
      total_usd: code!.price_usd,
      rate_usd_rub: '79',
      items: [
        {
          item_type: 'code',
          product_id: code!.product_id,
          generated_code_id: code!.id,
          game_amount: code!.game_amount,
          amount: code!.price_usd,
          price_usd: code!.price_usd,
          price_rub: code!.price_rub,
          rate_used: '79',
        },
      ],
    });
    const loaded = await Order.query(db).findById(order.id).withGraphFetched('items.[product, generatedCode]');
    expect(loaded?.status).toBe('pending');
    expect(loaded?.items?.[0]?.product?.slug).toBe('freefire');
    const stored = loaded?.items?.[0]?.generatedCode?.code_encrypted;
    expect(createCodeCrypto(CODES_KEY).decrypt(stored!)).toMatch(/^DEMO-/);
  });
});
