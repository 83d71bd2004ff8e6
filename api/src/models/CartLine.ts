import { BaseModel } from './BaseModel';

/**
 * The view of cart lines with what the cart page and checkout read beside them: the product's title,
 * image and game currency (the region's own, if it has one), and whether the line is still on sale.
 * Read only.
 */
export class CartLine extends BaseModel {
  static override tableName = 'cart_lines';

  declare id: number;
  declare user_id: number;
  declare product_id: number;
  declare region_id: number | null;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  declare quantity: number;
  declare product_title: string;
  declare image_url: string;
  declare game_currency: string;
  /** The product is active and offers the line's region (or global codes, for a line without one). */
  declare sellable: boolean;
}
