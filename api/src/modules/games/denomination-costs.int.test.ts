import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import type { TestApp, TestUser } from '../../testing/harness';
import { seagmSixtyUc, seagmWithCatalogue, startSeagmTestStore, type SeagmStandIn } from '../../testing/seagm-stand-in';
import { readSupplierBalances } from '../suppliers/supplier-balances';

const CREDENTIALS = { uid: '10000', secret: 'losses-secret-0123456789abcdef0123456789' };
const logger = pino({ level: 'silent' });

let app: TestApp;
let seagm: SeagmStandIn;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  ({ seagm, app } = await startSeagmTestStore(CREDENTIALS));
  const fixtures = createFixtures(app.db, app.config.codesKey);
  const { provider, supplierId } = await seagmWithCatalogue(app);
  await app.db('suppliers').where({ id: supplierId }).update({ low_balance_threshold: 200_000 });
  await readSupplierBalances({ db: app.db, logger, accounts: { seagm: provider } });
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
  await fixtures.fundBalance(shopper.id, 'usd', 100_000);
  await fixtures.fundBalance(shopper.id, 'rub', 10_000_000);
});

afterAll(async () => {
  await app?.close();
  await seagm?.close();
});

/** SEAGM's 60 UC costs 0.86 USD, 67.94 RUB at 79: a package at 0.80 USD is sold at a loss in dollars only. */
async function sixtyUcAt(priceUsd: number) {
  const pkg = await seagmSixtyUc(app);
  await app.db('game_denominations').where({ id: pkg.id }).update({ price_usd: priceUsd });
  return pkg;
}

const buy = (pkg: { id: number }, currency: 'usd' | 'rub', priceUsd: number) =>
  app.request('POST', '/api/orders/topup', {
    token: shopper.token,
    body: { currency, topupData: { service: 'pubg', player_id: '5123457', offer_id: -1, price_usd: priceUsd, price_rub: 79, packages: [{ denomination_id: pkg.id, quantity: 1 }] } },
  });

const usdBalance = async () => (await app.db('balances').where({ user_id: shopper.id, currency: 'usd' }).first('amount')).amount;
const dashboard = async () => (await app.request('GET', '/api/admin/dashboard', { token: admin.token })).body;

describe('denominations sold at a loss', () => {
  it('are not sold in a currency their cheapest source costs more in, and the shopper is told the offer is unavailable', async () => {
    const pkg = await sixtyUcAt(80);
    const before = await usdBalance();
    const refused = await buy(pkg, 'usd', 0.8);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'OFFER_UNAVAILABLE', details: { denomination_ids: [pkg.id] } });
    expect(await usdBalance()).toBe(before);
    // In roubles the same package still earns: it is sold.
    expect((await buy(pkg, 'rub', 0.8)).status).toBe(201);
    expect((await dashboard()).lossDenominations).toContainEqual({
      id: pkg.id,
      gameId: expect.any(Number),
      gameTitle: expect.any(String),
      name: expect.any(String),
      currency: 'usd',
      price: 0.8,
      cost: 0.86,
      sellAtLoss: false,
    });
  });

  it('refuses a back-office price below cost until the admin confirms selling at a loss, which is audited and lets it sell', async () => {
    const pkg = await sixtyUcAt(99);
    const put = (body: Record<string, unknown>) => app.request('PUT', `/api/admin/game-denominations/${pkg.id}`, { token: admin.token, body });

    const unconfirmed = await put({ priceUsd: 0.8 });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toMatchObject({ code: 'PRICE_BELOW_COST', details: { currency: 'usd', price: 0.8, cost: 0.86 } });
    expect(await app.db('game_denominations').where({ id: pkg.id }).first('price_usd', 'sell_at_loss')).toEqual({ price_usd: 99, sell_at_loss: false });

    const confirmed = await put({ priceUsd: 0.8, sellAtLoss: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ priceUsd: 0.8, sellAtLoss: true, cheapestCost: { usd: 0.86, rub: 67.94 } });
    const audit = await app.db('audit_log').where({ entity: 'game_denomination', entity_id: String(pkg.id), action: 'game_denomination.update' }).orderBy('id', 'desc').first('before', 'after', 'actor_id');
    expect(audit).toMatchObject({ before: { sellAtLoss: false }, after: { sellAtLoss: true, priceUsd: 0.8 }, actor_id: admin.id });

    expect((await buy(pkg, 'usd', 0.8)).status).toBe(201);
    expect((await dashboard()).lossDenominations).toContainEqual(expect.objectContaining({ id: pkg.id, sellAtLoss: true }));

    // Taking the confirmation back while the price is still below cost asks again.
    expect((await put({ sellAtLoss: false })).status).toBe(409);
  });

  it("puts each supplier's balance, its low-balance alert, its waiting orders and today's failures on the dashboard", async () => {
    const seagmCard = (await dashboard()).suppliers.find((supplier: { kind: string }) => supplier.kind === 'seagm');
    expect(seagmCard).toMatchObject({ name: 'SEAGM', active: true, balance: 1000, balanceCurrency: 'USD', lowBalanceThreshold: 2000, low: true, waitingForBalance: 0, failuresToday: 0 });
    expect(seagmCard.waiting).toBeGreaterThanOrEqual(0);
  });
});
