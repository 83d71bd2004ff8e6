import type { Knex } from 'knex';
import type { CartItem, Product } from '../../models';

/**
 * One price option of a product: what a cart line holds and what checkout takes codes of. Minor
 * units; a null region_id means the product's global codes.
 */
export type StockOption = Pick<CartItem, 'product_id' | 'region_id' | 'game_amount' | 'price_usd' | 'price_rub'>;

/** A cart line as the shopper sees it. */
export type CartLineWithStock = StockOption &
  Pick<CartItem, 'id' | 'quantity'> &
  Pick<Product, 'image_url' | 'game_currency'> & {
    product_title: Product['title'];
    /** Codes of exactly this option a shopper can buy now (0 when the option is no longer sold). */
    available_count: number;
  };

export type LockedCartLine = StockOption &
  Pick<CartItem, 'id' | 'quantity'> & {
    product_title: Product['title'];
    /** The option is still on sale: active product, and a region it is sold in (or its global codes). */
    sellable: boolean;
  };

const LINE_SOURCES = `
  cart_items ci
  JOIN products p ON p.id = ci.product_id
  LEFT JOIN product_regions pr ON pr.product_id = ci.product_id AND pr.region_id = ci.region_id
  LEFT JOIN regions r ON r.id = ci.region_id`;

// The catalogue's own rule for what is on sale (catalogue.service regionFilter), over LINE_SOURCES.
const LINE_SELLABLE = `
  p.active AND CASE WHEN ci.region_id IS NULL THEN p.has_global_codes
                    ELSE p.has_regions AND pr.product_id IS NOT NULL AND r.is_active END`;

const LINE_STOCK = `
  (SELECT count(*) FROM sellable_stock s
    WHERE s.product_id = ci.product_id AND s.game_amount = ci.game_amount
      AND s.price_usd = ci.price_usd AND s.price_rub = ci.price_rub
      AND (s.region_id = ci.region_id OR (s.region_id IS NULL AND ci.region_id IS NULL)))`;

/** Data access for cart lines; every function takes the connection or transaction to use. */
export const cartDal = {
  /** The user's cart lines (or the one line `lineId`), oldest first, with live stock counts. */
  async lines(db: Knex, userId: number, lineId?: number): Promise<CartLineWithStock[]> {
    const { rows } = await db.raw<{ rows: CartLineWithStock[] }>(
      `SELECT ci.id, ci.product_id, ci.region_id, ci.game_amount, ci.price_usd, ci.price_rub, ci.quantity,
              p.title AS product_title, p.image_url,
              coalesce(nullif(pr.game_currency, ''), p.game_currency) AS game_currency,
              CASE WHEN ${LINE_SELLABLE} THEN ${LINE_STOCK} ELSE 0 END AS available_count
         FROM ${LINE_SOURCES}
        WHERE ci.user_id = ? ${lineId === undefined ? '' : 'AND ci.id = ?'}
        ORDER BY ci.id`,
      lineId === undefined ? [userId] : [userId, lineId],
    );
    return rows;
  },

  /**
   * Locks the user's cart lines for checkout. A concurrent checkout of the same cart waits here and
   * then finds the lines gone, so one cart is paid for once.
   */
  async lockLines(trx: Knex.Transaction, userId: number): Promise<LockedCartLine[]> {
    const { rows } = await trx.raw<{ rows: LockedCartLine[] }>(
      `SELECT ci.id, ci.product_id, ci.region_id, ci.game_amount, ci.price_usd, ci.price_rub, ci.quantity,
              p.title AS product_title, coalesce(${LINE_SELLABLE}, false) AS sellable
         FROM ${LINE_SOURCES}
        WHERE ci.user_id = ?
        ORDER BY ci.id
          FOR UPDATE OF ci`,
      [userId],
    );
    return rows;
  },

  /** The quantity of the user's line for this option, locked until the transaction ends. */
  async lockOptionQuantity(trx: Knex.Transaction, userId: number, option: StockOption): Promise<number> {
    const row = await trx('cart_items')
      .where({
        user_id: userId,
        product_id: option.product_id,
        game_amount: option.game_amount,
        price_usd: option.price_usd,
        price_rub: option.price_rub,
      })
      .andWhereRaw('coalesce(region_id, 0) = ?', [option.region_id ?? 0])
      .forUpdate()
      .first<Pick<CartItem, 'quantity'> | undefined>('quantity');
    return row?.quantity ?? 0;
  },

  /** Adds `quantity` to the user's line for this option (creating it), never beyond `cap`. */
  async addToLine(
    trx: Knex.Transaction,
    userId: number,
    option: StockOption,
    quantity: number,
    cap: number,
  ): Promise<Pick<CartItem, 'id' | 'quantity'>> {
    const { rows } = await trx.raw<{ rows: Array<Pick<CartItem, 'id' | 'quantity'>> }>(
      `INSERT INTO cart_items (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
       VALUES (:userId, :productId, :regionId, :gameAmount, :priceUsd, :priceRub, :quantity)
       ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub)
       DO UPDATE SET quantity = least(cart_items.quantity + excluded.quantity, :cap), updated_at = now()
       RETURNING id, quantity`,
      {
        userId,
        productId: option.product_id,
        regionId: option.region_id,
        gameAmount: option.game_amount,
        priceUsd: option.price_usd,
        priceRub: option.price_rub,
        quantity: Math.min(quantity, cap),
        cap,
      },
    );
    const line = rows[0];
    if (!line) throw new Error('cart_items upsert returned no row');
    return line;
  },

  /** Resolves to false when the user has no such line. */
  setQuantity: async (db: Knex, userId: number, lineId: number, quantity: number): Promise<boolean> =>
    (await db('cart_items').where({ id: lineId, user_id: userId }).update({ quantity, updated_at: db.fn.now() })) > 0,

  /** Resolves to false when the user has no such line. */
  remove: async (db: Knex, userId: number, lineId: number): Promise<boolean> =>
    (await db('cart_items').where({ id: lineId, user_id: userId }).delete()) > 0,

  clear: (db: Knex, userId: number) => db('cart_items').where({ user_id: userId }).delete(),
};
