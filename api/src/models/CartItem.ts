import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Product } from './Product';
import { Region } from './Region';
import { User } from './User';

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

  declare user?: User;
  declare product?: Product;
  declare region?: Region | null;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'cart_items.user_id', to: 'users.id' },
    },
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Product,
      join: { from: 'cart_items.product_id', to: 'products.id' },
    },
    region: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Region,
      join: { from: 'cart_items.region_id', to: 'regions.id' },
    },
  });
}
