import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { BalanceCurrency, StockCodeSource } from '@topup/common';
import type { CreateGameBody } from '@topup/common/api';
import { changeBalance, createCodeCrypto, type InvalidationBus } from '@topup/server-kit';

/**
 * Small builders for test data, written straight to the database the way the back office would.
 * Given the app's `invalidations`, they also publish what they change in the catalogue, as the back
 * office does, so the app's cached catalogue answers show it at once.
 */
export function createFixtures(db: Knex, codesKey: string, invalidations?: InvalidationBus) {
  const crypto = createCodeCrypto(codesKey);
  const unique = () => randomBytes(4).toString('hex');
  /** One product's answers, or (no id) every catalogue answer: offers, packages and promotions are no product's. */
  const catalogueChanged = async (productId?: number) => {
    await invalidations?.publish('catalogue', productId === undefined ? {} : { productId });
  };

  /**
   * A denomination of one of the specification's games, with its one source; resolves to its id and its
   * legacy id (the id Free Fire's back office and codes know an offer by).
   */
  async function specDenomination(
    slug: 'pubg' | 'freefire',
    columns: Record<string, unknown>,
  ): Promise<{ id: number; legacyId: number }> {
    const [row] = await db('game_denominations')
      .insert({
        game_id: db.raw('(select g.id from games g join products p on p.id = g.product_id where p.slug = ?)', [slug]),
        unit: slug === 'pubg' ? 'UC' : 'алмазов',
        ...columns,
      })
      .returning(['id', 'legacy_id']);
    await db('game_denomination_sources').insert({ denomination_id: row.id, kind: slug === 'pubg' ? 'code_stock' : 'sandbox', priority: 1 });
    return { id: row.id, legacyId: row.legacy_id };
  }

  /** A Free Fire offer's row, by the names of the offer's fields; resolves to its legacy id. */
  const freefireOfferRow = (offer: { name: string; item_id: number; price_usd: number; price_rub: number; game_amount: number; is_active?: boolean }) =>
    specDenomination('freefire', {
      name: offer.name,
      item_id: offer.item_id,
      price_usd: offer.price_usd,
      price_rub: offer.price_rub,
      amount: offer.game_amount,
      active: offer.is_active ?? true,
    });

  /** Adds codes of one source to the code stock; resolves to their numbers (the ids the back office shows). */
  async function stockCodes(source: StockCodeSource, rows: Array<Record<string, unknown>>): Promise<number[]> {
    const inserted: Array<{ number: number }> = await db('stock_codes')
      .insert(rows.map((row) => ({ ...row, source })))
      .returning('number');
    return inserted.map((row) => row.number);
  }

  return {
    async product(fields: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
      const slug = `product-${unique()}`;
      const [row] = await db('products')
        .insert({ slug, title: `Gift card ${slug}`, category: 'gift_card', game_currency: 'USD', ...fields })
        .returning(['id', 'slug']);
      await catalogueChanged(row.id);
      return row;
    },

    async region(fields: Record<string, unknown> = {}): Promise<{ id: number }> {
      const [row] = await db('regions')
        .insert({ name: `Region ${unique()}`, code: unique().toUpperCase(), flag: '🏳️', ...fields })
        .returning(['id']);
      return row;
    },

    async linkRegion(productId: number, regionId: number, gameCurrency: string | null = null): Promise<void> {
      await db('product_regions').insert({ product_id: productId, region_id: regionId, game_currency: gameCurrency });
      await catalogueChanged(productId);
    },

    /** `count` manual codes at one price option (prices in minor units); resolves to their numbers (the ids the back office shows). */
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
      const numbers = await stockCodes('manual', rows);
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
        await db('stock_codes')
          .where({ source: 'manual' })
          .whereIn('number', numbers)
          .update({ status: 'used', order_id: order.id, sold_at: db.fn.now() });
      }
      await catalogueChanged(options.productId);
      return numbers;
    },

    /** `count` generated Free Fire codes (always global) of a product at one price option (minor units); resolves to their numbers. */
    async generatedCodes(options: {
      productId: number;
      gameAmount: number;
      priceUsd: number;
      priceRub: number;
      count: number;
      published?: boolean;
    }): Promise<number[]> {
      const offer = await freefireOfferRow({
        name: `Offer ${unique()}`,
        item_id: randomBytes(3).readUIntBE(0, 3) + 1,
        price_usd: options.priceUsd,
        price_rub: options.priceRub,
        game_amount: options.gameAmount,
      });
      const rows = Array.from({ length: options.count }, () => {
        const code = `GEN-${unique()}-${unique()}`;
        return {
          denomination_id: offer.id,
          product_id: options.productId,
          code_encrypted: crypto.encrypt(code),
          code_hash: crypto.hash(code),
          game_amount: options.gameAmount,
          price_usd: options.priceUsd,
          price_rub: options.priceRub,
          published: options.published ?? true,
        };
      });
      const numbers = await stockCodes('generated', rows);
      await catalogueChanged();
      return numbers;
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

    /** The USD->UZS rate UZS prices are converted at (docs/architecture.md, "Minor units, rounded once"). */
    usdUzsRate: (rate = '12650') =>
      db('currency_rates')
        .insert({ from_currency: 'usd', to_currency: 'uzs', rate })
        .onConflict(['from_currency', 'to_currency'])
        .merge(['rate']),

    /** Credits a balance through the ledger (minor units), so balance = sum of ledger still holds. */
    fundBalance: (userId: number, currency: BalanceCurrency, amount: number) =>
      db.transaction((trx) =>
        changeBalance(trx, { userId, currency, amount, reason: 'initial_grant', reference: `fixture:${unique()}${unique()}` }),
      ),

    /** Moves an unpaid order's hold (and its payment's and codes' expiry) into the past, as if its time had run out. */
    async lapseHold(orderId: number): Promise<void> {
      const past = db.raw("now() - interval '1 minute'");
      await db('orders').where({ id: orderId }).update({ hold_expires_at: past });
      await db('payments').where({ order_id: orderId }).update({ expires_at: past });
      await db('stock_codes').where({ order_id: orderId, status: 'reserved' }).whereNotNull('reserved_until').update({ reserved_until: past });
    },

    /**
     * Order items of these orders, oldest first, with the code each delivers named as the back office names it:
     * its number, as `code_id` (a manual code) or `generated_code_id` (a generated one).
     */
    orderItems: (orderIds: number[]) =>
      db('order_items as oi')
        .leftJoin('stock_codes as sc', 'sc.id', 'oi.stock_code_id')
        .whereIn('oi.order_id', orderIds)
        .orderBy('oi.id')
        .select(
          'oi.*',
          db.raw("CASE WHEN sc.source = 'manual' THEN sc.number END AS code_id"),
          db.raw("CASE WHEN sc.source = 'generated' THEN sc.number END AS generated_code_id"),
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

    /** A currency rate (units of `to` per unit of `from`), created or replaced. */
    rate: (from: string, to: string, rate: string) =>
      db('currency_rates')
        .insert({ from_currency: from, to_currency: to, rate })
        .onConflict(['from_currency', 'to_currency'])
        .merge(['rate']),

    /** The Steam commission, percent ('3'), created or replaced. */
    steamCommission: (percent: string) =>
      db('currency_settings')
        .insert({ id: 1, steam_commission_percent: percent })
        .onConflict('id')
        .merge(['steam_commission_percent']),

    /** A Free Fire offer (prices in minor units): `id` its legacy id, as its back office shows it; `denominationId` its game_denominations.id. */
    async freefireOffer(options: {
      priceUsd: number;
      priceRub: number;
      gameAmount?: number;
      name?: string;
      active?: boolean;
    }): Promise<{ id: number; denominationId: number; itemId: number; name: string; gameAmount: number }> {
      const itemId = randomBytes(3).readUIntBE(0, 3) + 1;
      const name = options.name ?? `Offer ${unique()}`;
      const gameAmount = options.gameAmount ?? 100;
      const offer = await freefireOfferRow({
        name,
        item_id: itemId,
        price_usd: options.priceUsd,
        price_rub: options.priceRub,
        game_amount: gameAmount,
        is_active: options.active ?? true,
      });
      await catalogueChanged();
      return { id: offer.legacyId, denominationId: offer.id, itemId, name, gameAmount };
    },

    /** A PUBG package (prices in minor units) with available codes: `codes` given in clear, or that many made up; `codeIds` are their numbers. */
    async pubgPackage(options: {
      priceUsd: number;
      priceRub: number;
      ucAmount?: number;
      active?: boolean;
      codes?: number | string[];
    }): Promise<{ id: number; ucAmount: number; codeIds: number[] }> {
      const ucAmount = options.ucAmount ?? randomBytes(3).readUIntBE(0, 3) + 1;
      const row = await specDenomination('pubg', {
        amount: ucAmount,
        price_usd: options.priceUsd,
        price_rub: options.priceRub,
        active: options.active ?? true,
      });
      const codes = Array.isArray(options.codes)
        ? options.codes
        : Array.from({ length: options.codes ?? 0 }, () => `UC-${unique()}-${unique()}`);
      const codeIds: number[] = [];
      for (const code of codes) {
        codeIds.push(...(await stockCodes('pubg_redemption', [{ denomination_id: row.id, code_encrypted: crypto.encrypt(code), code_hash: crypto.hash(code) }])));
      }
      await catalogueChanged();
      return { id: row.id, ucAmount, codeIds };
    },

    /** Puts PUBG codes into a top-up order of `userId`, as a top-up would: held, used or rejected by the game. */
    async pubgCodesInOrder(userId: number, codeIds: number[], status: 'reserved' | 'used' | 'error'): Promise<void> {
      const [order] = await db('orders')
        .insert({
          user_id: userId,
          status: 'processing',
          kind: 'topup',
          payment_method: 'balance',
          currency: 'usd',
          total: 99,
          total_usd: 99,
          rate_usd_rub: '79',
        })
        .returning('id');
      await db('stock_codes')
        .where({ source: 'pubg_redemption' })
        .whereIn('number', codeIds)
        .update({ status, order_id: order.id, error_message: status === 'error' ? 'The game rejected the code' : null });
    },

    /**
     * A generated Free Fire code in clear, with its offer. `soldTo`: delivered in a completed order of
     * that user (as after checkout and fulfilment); otherwise still in stock.
     */
    async freefireCode(options: { soldTo?: number; gameAmount?: number } = {}): Promise<{ id: number; code: string; itemId: number }> {
      const gameAmount = options.gameAmount ?? 310;
      const itemId = randomBytes(3).readUIntBE(0, 3) + 1;
      const offer = await freefireOfferRow({ name: `Offer ${unique()}`, item_id: itemId, price_usd: 299, price_rub: 23_621, game_amount: gameAmount });
      const [product] = await db('products')
        .insert({ slug: `freefire-${unique()}`, title: 'Free Fire code', category: 'gift_card', game_currency: 'Diamonds' })
        .returning('id');
      const code = `FF-${unique()}-${unique()}`.toUpperCase();
      let orderId: number | null = null;
      if (options.soldTo !== undefined) {
        const [order] = await db('orders')
          .insert({
            user_id: options.soldTo,
            status: 'completed',
            kind: 'codes',
            payment_method: 'balance',
            currency: 'usd',
            total: 299,
            total_usd: 299,
            rate_usd_rub: '79',
            paid_at: db.fn.now(),
            completed_at: db.fn.now(),
          })
          .returning('id');
        orderId = order.id;
      }
      const [number] = await stockCodes('generated', [
        {
          denomination_id: offer.id,
          product_id: product.id,
          code_encrypted: crypto.encrypt(code),
          code_hash: crypto.hash(code),
          game_amount: gameAmount,
          price_usd: 299,
          price_rub: 23_621,
          published: true,
          status: orderId === null ? 'available' : 'used',
          order_id: orderId,
          sold_at: orderId === null ? null : db.fn.now(),
        },
      ]);
      await catalogueChanged();
      return { id: number!, code, itemId };
    },
  };
}

/** A game the store does not sell yet, described as data: what a shop owner would create in the back office. */
export const MOBILE_LEGENDS: CreateGameBody = {
  slug: 'mobile-legends',
  title: 'Mobile Legends',
  description: 'Алмазы по ID игрока и зоне',
  translations: {
    en: { title: 'Mobile Legends', description: 'Diamonds by player and zone id' },
    uz: { title: 'Mobile Legends', description: "O'yinchi va zona ID bo'yicha olmoslar" },
  },
  imageUrl: null,
  playerCheck: true,
  active: true,
  fields: [
    {
      key: 'player_id',
      label: 'ID игрока',
      kind: 'text',
      pattern: '^[0-9]{5,12}$',
      required: true,
      translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } },
    },
    { key: 'zone_id', label: 'Зона', kind: 'text', pattern: '^[0-9]{1,5}$', required: true, translations: { en: { label: 'Zone ID' }, uz: { label: 'Zona ID' } } },
  ],
};
