import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/harness';
import { sandboxSupplyProblem, sandboxSuppliedGames } from './sandbox-supply';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

const PRODUCTION = { env: 'production', allowSandboxSuppliers: false } as const;

it('names every game on sale whose top-ups the sandbox would deliver, and refuses a production store over them', async () => {
  const fixtures = createFixtures(app.db, app.config.codesKey);
  // A store as migrated: Steam is on sale and priced from an amount, which only the sandbox delivers.
  expect(await sandboxSuppliedGames(app.db)).toEqual([{ slug: 'steam', title: 'Steam' }]);

  // A PUBG package redeemed from the store's own codes goes through the sandbox too.
  const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_900, ucAmount: 60, codes: 1 });
  expect((await sandboxSuppliedGames(app.db)).map((game) => game.slug)).toEqual(['pubg', 'steam']);
  const problem = await sandboxSupplyProblem(app.db, PRODUCTION);
  expect(problem).toMatch(/^top-ups of PUBG Mobile \(pubg\), Steam \(steam\) would be delivered by the sandbox, which credits no game account; /);
  expect(problem).toContain('ALLOW_SANDBOX_SUPPLIERS=true');

  // A staging shop may, and a store outside production is not asked.
  expect(await sandboxSupplyProblem(app.db, { ...PRODUCTION, allowSandboxSuppliers: true })).toBeNull();
  expect(await sandboxSupplyProblem(app.db, { env: 'development', allowSandboxSuppliers: false })).toBeNull();

  // Supplied by a supplier's product alone, and Steam taken off sale: nothing is simulated.
  const [supplier] = await app.db('suppliers').insert({ kind: 'seagm', name: 'SEAGM', active: true, priority: 1 }).onConflict('kind').merge().returning('id');
  const [product] = await app
    .db('supplier_products')
    .insert({ supplier_id: supplier.id, external_id: '101', name: '60 UC', fields: JSON.stringify([]), cost: 86, cost_currency: 'USD', available: true })
    .returning('id');
  await app.db('game_denomination_sources').where({ denomination_id: pkg.id }).delete();
  await app.db('game_denomination_sources').insert({ denomination_id: pkg.id, kind: 'supplier', supplier_product_id: product.id, priority: 1 });
  await app.db('products').where({ slug: 'steam' }).update({ active: false });
  expect(await sandboxSuppliedGames(app.db)).toEqual([]);
  expect(await sandboxSupplyProblem(app.db, PRODUCTION)).toBeNull();

  // An inactive denomination is not on sale, whatever its sources.
  await app.db('game_denominations').where({ id: pkg.id }).update({ active: false });
  await app.db('game_denomination_sources').insert({ denomination_id: pkg.id, kind: 'sandbox', priority: 2 });
  expect(await sandboxSuppliedGames(app.db)).toEqual([]);
});
