import type { Knex } from 'knex';
import { prepared } from '@topup/server-kit';
import { CART_MAX_QUANTITY, type ContentLanguage } from '@topup/common/api';
import type { CartItem, CartLine, RowOf } from '../../models';
import { saleTermsSql, type SaleTermsColumn } from '../promotions/promotion-prices';

/**
 * One price option of a product: what a cart line holds and what checkout takes codes of. Minor
 * units; a null region_id means the product's global codes.
 */
export type StockOption = Pick<CartItem, 'product_id' | 'region_id' | 'game_amount' | 'price_usd' | 'price_rub'>;

/** A cart line as the shopper sees it. */
export type CartLineWithStock = Omit<RowOf<CartLine>, 'user_id' | 'sellable'> & {
  /** Codes of exactly this option a shopper can buy now, up to CART_MAX_QUANTITY (0 when the option is no longer sold). */
  available_count: number;
  sale_terms: SaleTermsColumn;
};

/**
 * A line's stock, counted up to the most a line may hold: all a cart needs to know (whether the line
 * can be checked out, and how far it can grow, however fast the shopper presses +), at the cost of a
 * full line at most rather than of the whole stock.
 */
const LINE_STOCK = `
  (SELECT count(*) FROM (
     SELECT 1 FROM sellable_stock s
      WHERE s.product_id = cl.product_id AND s.game_amount = cl.game_amount
        AND s.price_usd = cl.price_usd AND s.price_rub = cl.price_rub
        AND coalesce(s.region_id, 0) = coalesce(cl.region_id, 0)
      LIMIT ${CART_MAX_QUANTITY}) AS codes)`;

/** Data access for cart lines; every function takes the connection or transaction to use. */
export const cartDal = {
  /** The user's cart lines (or the one line `lineId`), oldest first, with live stock counts and titles in `language`. */
  async lines(db: Knex, language: ContentLanguage, userId: number, lineId?: number): Promise<CartLineWithStock[]> {
    const { rows } = await db.raw<{ rows: CartLineWithStock[] }>(
      `SELECT cl.id, cl.product_id, cl.region_id, cl.game_amount, cl.price_usd, cl.price_rub, cl.quantity,
              localized(cl.product_title, p.translations, ?, 'title') AS product_title, cl.image_url, cl.game_currency,
              CASE WHEN cl.sellable THEN ${LINE_STOCK} ELSE 0 END AS available_count,
              ${saleTermsSql({ productColumn: 'cl.product_id', usdColumn: 'cl.price_usd', rubColumn: 'cl.price_rub' })}
         FROM cart_lines cl
         JOIN products p ON p.id = cl.product_id
        WHERE cl.user_id = ? ${lineId === undefined ? '' : 'AND cl.id = ?'}
        ORDER BY cl.id`,
      lineId === undefined ? [language, userId] : [language, userId, lineId],
    );
    return rows;
  },

  /**
   * Adds `quantity` to the user's line for this option (creating it), never beyond `cap` nor the
   * option's stock, in one statement (the SQL function add_to_cart_line, which checks the option is on
   * sale at these prices and locks the line first): `capped` when the cap or the stock cut the
   * addition. Undefined, and nothing added, when the option is not on sale at these prices.
   */
  async addToLine(db: Knex, userId: number, option: StockOption, quantity: number, cap: number): Promise<(Pick<CartItem, 'id' | 'quantity'> & { capped: boolean }) | undefined> {
    const { rows } = await prepared(
      'add-to-cart-line',
      db.raw<{ rows: Array<Pick<CartItem, 'id' | 'quantity'> & { capped: boolean }> }>('SELECT id, quantity, capped FROM add_to_cart_line(?, ?, ?, ?, ?, ?, ?, ?)', [
        userId,
        option.product_id,
        option.region_id,
        option.game_amount,
        option.price_usd,
        option.price_rub,
        quantity,
        cap,
      ]),
    );
    return rows[0];
  },

  /** Resolves to false when the user has no such line. */
  setQuantity: async (db: Knex, userId: number, lineId: number, quantity: number): Promise<boolean> =>
    (await db('cart_items').where({ id: lineId, user_id: userId }).update({ quantity, updated_at: db.fn.now() })) > 0,

  /** Resolves to false when the user has no such line. */
  remove: async (db: Knex, userId: number, lineId: number): Promise<boolean> =>
    (await db('cart_items').where({ id: lineId, user_id: userId }).delete()) > 0,

  clear: (db: Knex, userId: number) => db('cart_items').where({ user_id: userId }).delete(),
};
