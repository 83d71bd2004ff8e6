import { BaseModel } from './BaseModel';

/** A region a product is sold in, with an optional game-currency override for that region. */
export class ProductRegion extends BaseModel {
  static override tableName = 'product_regions';
  static override idColumn = ['product_id', 'region_id'];

  declare product_id: number;
  declare region_id: number;
  /** null or '' means the product's own game_currency. */
  declare game_currency: string | null;
}
