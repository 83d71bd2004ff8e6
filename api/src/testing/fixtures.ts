import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createCodeCrypto } from '../lib/code-crypto';

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
  };
}
