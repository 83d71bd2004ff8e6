import { expect } from 'vitest';
import type { createFixtures } from './fixtures';
import type { TestApp, TestUser } from './harness';

/**
 * What the supplier adapters' tests do with a test store: fund shoppers, sell PUBG's 60 UC from a supplier's
 * product, place top-up orders, and read what became of them (the attempts, the order, its refund). `store`
 * names the store and its fixtures when a tool is used, so a test file can take the tools before starting it.
 */
export function supplierOrderTools(store: () => { app: TestApp; fixtures: ReturnType<typeof createFixtures> }) {
  const db = () => store().app.db;
  return {
    async shopper(): Promise<TestUser> {
      const { app, fixtures } = store();
      const user = await app.createUser();
      await fixtures.fundBalance(user.id, 'usd', 100_000);
      return user;
    },

    /** A PUBG package of 60 UC at $0.99, sold from this supplier product first and (when asked) the sandbox next. */
    async sixtyUc(supplierProductId: number, options: { sandboxNext?: boolean } = {}): Promise<{ id: number }> {
      const pkg = await store().fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_900, ucAmount: 60 });
      await db()('game_denomination_sources').where({ denomination_id: pkg.id }).delete();
      await db()('game_denomination_sources').insert([
        { denomination_id: pkg.id, kind: 'supplier', supplier_product_id: supplierProductId, priority: 1 },
        ...(options.sandboxNext ? [{ denomination_id: pkg.id, kind: 'sandbox', priority: 2 }] : []),
      ]);
      return pkg;
    },

    /** Places a paid PUBG top-up order of the package for the player; resolves to its id. */
    async buy(user: TestUser, player: string, pkg: { id: number }): Promise<number> {
      const response = await store().app.request('POST', '/api/orders/topup', {
        token: user.token,
        body: { currency: 'usd', topupData: { service: 'pubg', player_id: player, offer_id: -1, price_usd: 0.99, price_rub: 0, packages: [{ denomination_id: pkg.id, quantity: 1 }] } },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.orderId;
    },

    orderStatus: async (orderId: number): Promise<string> => (await db()('orders').where({ id: orderId }).first('status')).status,
    attempts: (orderId: number) => db()('supplier_orders').where({ order_id: orderId }).orderBy('attempt'),
    ledgerRefund: (orderId: number) => db()('balance_ledger').where({ reference: `order:${orderId}:refund` }).first('amount'),
  };
}
