import type { Knex } from 'knex';
import { ErrorCode, fromMinor, toMinor } from '@topup/common';
import { CART_MAX_QUANTITY, type AddToCartBody, type CartLine, type ContentLanguage } from '@topup/common/api';
import { AppError, notFound } from '../../lib/app-error';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { cartDal, type CartLineWithStock, type StockOption } from './cart.dal';
import { saleField } from '../promotions/promotion-prices';

export interface Cart {
  items: CartLine[];
  /** Sums of list price times quantity. */
  subtotal: { usd: number; rub: number };
  /** Sums of sale price times quantity, while a promotion discounts a line. */
  saleSubtotal?: { usd: number; rub: number };
}

const toCartLine = (row: CartLineWithStock): CartLine => ({
  id: row.id,
  product_id: row.product_id,
  product_title: row.product_title,
  image_url: row.image_url,
  game_amount: row.game_amount,
  game_currency: row.game_currency,
  price_usd: fromMinor(row.price_usd),
  price_rub: fromMinor(row.price_rub),
  quantity: row.quantity,
  available_count: row.available_count,
  region_id: row.region_id,
  ...saleField(row.price_usd, row.price_rub, row.sale_terms),
});

const outOfStock = (details: Record<string, unknown>) =>
  new AppError(409, ErrorCode.OUT_OF_STOCK, 'This option is out of stock', details);

export function createCartService(deps: { db: Knex; catalogue: CatalogueService }) {
  const { db, catalogue } = deps;

  /** The cart, its titles in `language`. */
  async function cartOf(userId: number, language: ContentLanguage): Promise<Cart> {
    const rows = await cartDal.lines(db, language, userId);
    let usd = 0;
    let rub = 0;
    let offUsd = 0;
    let offRub = 0;
    for (const row of rows) {
      usd += row.price_usd * row.quantity;
      rub += row.price_rub * row.quantity;
      offUsd += row.sale_terms.off_usd * row.quantity;
      offRub += row.sale_terms.off_rub * row.quantity;
    }
    const items = rows.map(toCartLine);
    const onSale = items.some((item) => item.sale !== undefined);
    return {
      items,
      subtotal: { usd: fromMinor(usd), rub: fromMinor(rub) },
      ...(onSale ? { saleSubtotal: { usd: fromMinor(usd - offUsd), rub: fromMinor(rub - offRub) } } : {}),
    };
  }

  /**
   * Adds to the user's line of the option the shopper chose, in one statement that checks the option
   * against the stock (add_to_cart_line): the client's prices only have to match it. Undefined when
   * the option is not on sale at those prices, and for prices no stock can have (not whole minor units).
   */
  async function addToLine(userId: number, body: AddToCartBody) {
    const priceUsd = toMinor(body.priceUsd);
    const priceRub = toMinor(body.priceRub);
    const exact = Number.isSafeInteger(priceUsd) && Number.isSafeInteger(priceRub) && fromMinor(priceUsd) === body.priceUsd && fromMinor(priceRub) === body.priceRub;
    if (!exact) return undefined;
    const option: StockOption = { product_id: body.productId, region_id: body.regionId || null, game_amount: body.gameAmount, price_usd: priceUsd, price_rub: priceRub };
    return cartDal.addToLine(db, userId, option, body.quantity, CART_MAX_QUANTITY);
  }

  /**
   * Why the chosen option could not be added, from the product's options now: unknown or inactive
   * products and regions the product is not sold in are 404s (catalogue), an amount out of stock 409
   * OUT_OF_STOCK, another price 409 PRICE_CHANGED. False when the option is on sale after all (stock
   * arrived since).
   */
  async function refusalOf(body: AddToCartBody): Promise<AppError | false> {
    const options = await catalogue.priceOptions(body.productId, body.regionId || 0);
    const atAmount = options.filter((option) => option.game_amount === body.gameAmount);
    if (atAmount.length === 0) return outOfStock({ productId: body.productId, gameAmount: body.gameAmount, available: 0 });
    if (atAmount.some((option) => option.price_usd === body.priceUsd && option.price_rub === body.priceRub)) return false;
    return new AppError(409, ErrorCode.PRICE_CHANGED, 'The price of this option has changed', {
      current: atAmount.map((option) => ({ price_usd: option.price_usd, price_rub: option.price_rub })),
    });
  }

  return {
    cart: cartOf,

    /** Adds to the line of the chosen option; the line never holds more than is in stock. */
    async add(userId: number, language: ContentLanguage, body: AddToCartBody): Promise<Cart & { item: CartLine; capped: boolean }> {
      let line = await addToLine(userId, body);
      // Only an option refused reads the product's options, to say why; one back on sale meanwhile is added.
      if (!line) {
        const refusal = await refusalOf(body);
        if (refusal) throw refusal;
        line = await addToLine(userId, body);
        if (!line) throw outOfStock({ productId: body.productId, gameAmount: body.gameAmount, available: 0 });
      }
      const cart = await cartOf(userId, language);
      const item = cart.items.find((candidate) => candidate.id === line.id);
      // Only a concurrent removal of the line just written gets here.
      if (!item) throw notFound('Cart item');
      return { ...cart, item, capped: line.capped };
    },

    /** Sets a line's quantity, lowered to what is in stock. */
    async updateQuantity(userId: number, language: ContentLanguage, lineId: number, quantity: number): Promise<Cart & { capped: boolean }> {
      const [line] = await cartDal.lines(db, language, userId, lineId);
      if (!line) throw notFound('Cart item');
      if (line.available_count === 0) {
        throw outOfStock({ productId: line.product_id, gameAmount: line.game_amount, available: 0 });
      }
      const allowed = Math.min(quantity, line.available_count);
      if (!(await cartDal.setQuantity(db, userId, lineId, allowed))) throw notFound('Cart item');
      return { ...(await cartOf(userId, language)), capped: allowed < quantity };
    },

    async remove(userId: number, language: ContentLanguage, lineId: number): Promise<Cart> {
      if (!(await cartDal.remove(db, userId, lineId))) throw notFound('Cart item');
      return cartOf(userId, language);
    },

    async clear(userId: number, language: ContentLanguage): Promise<Cart> {
      await cartDal.clear(db, userId);
      return cartOf(userId, language);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
