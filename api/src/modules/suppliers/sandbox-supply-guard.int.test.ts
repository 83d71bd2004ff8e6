import { afterAll, beforeAll, expect, it } from 'vitest';
import { MOBILE_LEGENDS } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

/** A production store (no ALLOW_SANDBOX_SUPPLIERS) as it started: no game on sale from the sandbox. */
let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp({ env: 'production', allowSandboxSuppliers: false });
  admin = await app.createUser({ role: 'admin' });
  // Steam, priced from an amount, has no supplier here: off sale, as a production store must start.
  await app.db('products').where({ slug: 'steam' }).update({ active: false });
});

afterAll(async () => {
  await app?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });

function expectRefused(response: { status: number; body: any }, games: string[]) {
  expect(response.status).toBe(409);
  expect(response.body.error).toEqual({ code: 'CONFLICT', message: expect.stringMatching(/delivered by the sandbox, which credits no game account/), details: { games } });
}

it('refuses every back-office write that would put a game on sale delivered by the sandbox, and changes nothing', async () => {
  const game = await asAdmin('POST', '/api/admin/games', MOBILE_LEGENDS);
  expect(game.status).toBe(201);
  const gameId = game.body.id as number;
  const denomination = { gameId, name: '86 алмазов', unit: 'алмазов', amount: 86, priceUsd: 1.49, priceRub: 118 };

  // On sale with the sandbox (the default source) or the store's codes: refused.
  expectRefused(await asAdmin('POST', '/api/admin/game-denominations', { ...denomination, active: true }), ['mobile-legends']);
  expectRefused(await asAdmin('POST', '/api/admin/game-denominations', { ...denomination, active: true, sources: [{ kind: 'code_stock', priority: 1 }] }), ['mobile-legends']);
  expect(await app.db('game_denominations').where({ game_id: gameId })).toEqual([]);

  // Kept inactive it may be prepared, and is refused again when switched on.
  const draft = await asAdmin('POST', '/api/admin/game-denominations', { ...denomination, active: false });
  expect(draft.status).toBe(201);
  expectRefused(await asAdmin('PUT', `/api/admin/game-denominations/${draft.body.id}`, { active: true }), ['mobile-legends']);

  // With a supplier's product as its only source it goes on sale.
  const [supplier] = await app.db('suppliers').insert({ kind: 'seagm', name: 'SEAGM', active: true, priority: 1 }).onConflict('kind').merge().returning('id');
  const [product] = await app
    .db('supplier_products')
    .insert({ supplier_id: supplier.id, game_id: gameId, external_id: 'ml-86', name: 'Mobile Legends 86 Diamonds', fields: JSON.stringify([]), cost: 120, cost_currency: 'USD', available: true })
    .returning('id');
  const supplied = await asAdmin('PUT', `/api/admin/game-denominations/${draft.body.id}`, { active: true, sources: [{ supplierProductId: product.id, priority: 1 }] });
  expect(supplied.status).toBe(200);
  expect(supplied.body).toMatchObject({ active: true, sources: [{ kind: 'supplier', supplierProductId: product.id, priority: 1 }] });
  // Adding the sandbox behind the supplier would sell simulated goods when the supplier refuses: refused.
  expectRefused(
    await asAdmin('PUT', `/api/admin/game-denominations/${draft.body.id}`, { sources: [{ supplierProductId: product.id, priority: 1 }, { kind: 'sandbox', priority: 2 }] }),
    ['mobile-legends'],
  );

  // PUBG's own tab: a new package is sold from the store's codes, which no supplier redeems.
  expectRefused(await asAdmin('POST', '/api/pubg-admin/denominations', { ucAmount: 8100, priceUsd: 99.99, priceRub: 8999, active: true }), ['pubg']);

  // With the Sandbox supplier off, Steam has no fallback to simulated goods; switching it back on is refused
  // while Steam is on sale.
  const [sandbox] = await app.db('suppliers').where({ kind: 'sandbox' }).select('id');
  expect((await asAdmin('PUT', `/api/admin/suppliers/${sandbox.id}`, { active: false, priority: 9, lowBalanceThreshold: null })).status).toBe(200);
  await app.db('products').where({ slug: 'steam' }).update({ active: true });
  expectRefused(await asAdmin('PUT', `/api/admin/suppliers/${sandbox.id}`, { active: true, priority: 9, lowBalanceThreshold: null }), ['steam']);
  expect(await app.db('suppliers').where({ kind: 'sandbox' }).first('active')).toEqual({ active: false });
  await app.db('suppliers').where({ kind: 'sandbox' }).update({ active: true });
  await app.db('products').where({ slug: 'steam' }).update({ active: false });

  // Steam back on sale with no supplier for it: refused, and it stays off sale.
  const [steam] = await app.db('products').where({ slug: 'steam' }).select('id');
  expectRefused(await asAdmin('PUT', `/api/admin/products/${steam.id}`, { active: true }), ['steam']);
  expect(await app.db('products').where({ slug: 'steam' }).first('active')).toEqual({ active: false });
});
