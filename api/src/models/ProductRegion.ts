import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Product } from './Product';
import { Region } from './Region';

/** A region a product is sold in, with an optional game-currency override for that region. */
export class ProductRegion extends BaseModel {
  static override tableName = 'product_regions';
  static override idColumn = ['product_id', 'region_id'];

  declare product_id: number;
  declare region_id: number;
  /** null or '' means the product's own game_currency. */
  declare game_currency: string | null;

  declare product?: Product;
  declare region?: Region;

  static override relationMappings = (): RelationMappings => ({
    product: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Product,
      join: { from: 'product_regions.product_id', to: 'products.id' },
    },
    region: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Region,
      join: { from: 'product_regions.region_id', to: 'regions.id' },
    },
  });
}
