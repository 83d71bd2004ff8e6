import { BaseModel } from './BaseModel';

/**
 * A line of a user's cart: one price option and how many. Unique per (user, product, region or
 * global, amount, prices), so adding an option again should raise the quantity.
 */
export class CartItem extends BaseModel {
  static override tableName = 'cart_items';
  static override hasUpdatedAt = true;

  declare id: number;
  declare user_id: number;
  declare product_id: number;
  declare region_id: number | null;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  /** 1 to 1000. */
  declare quantity: number;
  declare created_at: Date;
  declare updated_at: Date;
}
