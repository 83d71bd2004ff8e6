import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { BalanceCurrency } from '@topup/common';
import { createCodeCrypto } from '../lib/code-crypto';
import { changeBalance } from '../lib/ledger';

/** Small builders for test data, written straight to the database the way the back office would. */
export function createFixtures(db: Knex, codesKey: string) {
  const crypto = createCodeCrypto(codesKey);
  const unique = () => randomBytes(4).toString('hex');

  return {
    async product(fields: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
      const slug = `product-${unique()}`;
      const [row] = await db('products')
        .insert({ slug, title: `Gift card ${slug}`, category: 'gift_card', game_currency: 'USD', ...fields })
        .returning(['id', 'slug']);
      return row;
    },

    async region(fields: Record<string, unknown> = {}): Promise<{ id: number }> {
      const [row] = await db('regions')
        .insert({ name: `Region ${unique()}`, code: unique().toUpperCase(), flag: '🏳️', ...fields })
        .returning(['id']);
      return row;
    },

    linkRegion: (productId: number, regionId: number, gameCurrency: string | null = null) =>
      db('product_regions').insert({ product_id: productId, region_id: regionId, game_currency: gameCurrency }),

    /** `count` codes at one price option; prices in minor units. */
    async codes(options: {
      productId: number;
      regionId?: number | null;
      gameAmount: number;
      priceUsd: number;
      priceRub: number;
      count: number;
      popular?: boolean;
      status?: 'available' | 'used';
    }): Promise<number[]> {
      const rows = Array.from({ length: options.count }, () => {
        const code = `CODE-${unique()}-${unique()}`;
        return {
          product_id: options.productId,
          region_id: options.regionId ?? null,
          code_encrypted: crypto.encrypt(code),
          code_hash: crypto.hash(code),
          game_amount: options.gameAmount,
          price_usd: options.priceUsd,
          price_rub: options.priceRub,
          popular: options.popular ?? false,
          status: 'available',
        };
      });
      const inserted: Array<{ id: number }> = await db('codes').insert(rows).returning('id');
      if (options.status === 'used') {
        const [user] = await db('users')
          .insert({ nickname: `buyer_${unique()}`, password_hash: 'not-a-real-hash' })
          .returning('id');
        const [order] = await db('orders')
          .insert({
            user_id: user.id,
            status: 'completed',
            kind: 'codes',
            payment_method: 'balance',
            currency: 'usd',
            total: 0,
            total_usd: 0,
            rate_usd_rub: '79',
          })
          .returning('id');
        await db('codes')
          .whereIn('id', inserted.map((row) => row.id))
          .update({ status: 'used', order_id: order.id, sold_at: db.fn.now() });
      }
      return inserted.map((row) => row.id);
    },

    /** `count` generated Free Fire codes (always global) of a product at one price option; minor units. */
    async generatedCodes(options: {
      productId: number;
      gameAmount: number;
      priceUsd: number;
      priceRub: number;
      count: number;
      published?: boolean;
    }): Promise<number[]> {
      const [denomination] = await db('freefire_denominations')
        .insert({
          name: `Offer ${unique()}`,
          item_id: randomBytes(3).readUIntBE(0, 3) + 1,
          price_usd: options.priceUsd,
          price_rub: options.priceRub,
          game_amount: options.gameAmount,
        })
        .returning('id');
      const rows = Array.from({ length: options.count }, () => {
        const code = `GEN-${unique()}-${unique()}`;
        return {
          denomination_id: denomination.id,
          product_id: options.productId,
          code_encrypted: crypto.encrypt(code),
          code_hash: crypto.hash(code),
          game_amount: options.gameAmount,
          price_usd: options.priceUsd,
          price_rub: options.priceRub,
          published: options.published ?? true,
        };
      });
      const inserted: Array<{ id: number }> = await db('generated_codes').insert(rows).returning('id');
      return inserted.map((row) => row.id);
    },

    /**
     * `count` shoppers with zero balances, inserted in bulk for load tests (no usable password: sign
     * their tokens directly). Resolves to their ids.
     */
    async shoppers(count: number): Promise<number[]> {
      const users: Array<{ id: number }> = await db('users')
        .insert(Array.from({ length: count }, () => ({ nickname: `shopper_${unique()}${unique()}`, password_hash: 'not-a-real-hash' })))
        .returning('id');
      await db('balances').insert(users.flatMap(({ id }) => ['usd', 'rub'].map((currency) => ({ user_id: id, currency, amount: 0 }))));
      return users.map((user) => user.id);
    },

    /** Sets the USD->RUB rate checkout prices orders at (the demo seed's 79 by default). */
    usdRubRate: (rate = '79') =>
      db('currency_rates')
        .insert({ from_currency: 'usd', to_currency: 'rub', rate })
        .onConflict(['from_currency', 'to_currency'])
        .merge(['rate']),

    /** Credits a balance through the ledger (minor units), so balance = sum of ledger still holds. */
    fundBalance: (userId: number, currency: BalanceCurrency, amount: number) =>
      db.transaction((trx) =>
        changeBalance(trx, { userId, currency, amount, reason: 'initial_grant', reference: `fixture:${unique()}${unique()}` }),
      ),

    /** A cart line written directly, as if added earlier at these prices (minor units). */
    async cartLine(options: {
      userId: number;
      productId: number;
      regionId?: number | null;
      gameAmount: number;
      priceUsd: number;
      priceRub: number;
      quantity: number;
    }): Promise<number> {
      const [row] = await db('cart_items')
        .insert({
          user_id: options.userId,
          product_id: options.productId,
          region_id: options.regionId ?? null,
          game_amount: options.gameAmount,
          price_usd: options.priceUsd,
          price_rub: options.priceRub,
          quantity: options.quantity,
        })
        .returning('id');
      return row.id;
    },
  };
}
