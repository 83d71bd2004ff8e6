import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Code } from './Code';
import { ProductRegion } from './ProductRegion';
import { Region } from './Region';

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export class Product extends BaseModel {
  static override tableName = 'products';
  static override hasUpdatedAt = true;

  declare id: number;
  declare slug: string;
  declare title: string;
  declare description: string;
  declare image_url: string;
  /** Comma separated search words. */
  declare keywords: string;
  declare category: ProductCategory;
  /** What amounts count (UC, Diamonds, USD ...); product_regions may override it per region. */
  declare game_currency: string;
  declare activation_instructions: string;
  declare has_regions: boolean;
  declare has_global_codes: boolean;
  declare active: boolean;
  declare sort_order: number;
  declare created_at: Date;
  declare updated_at: Date;

  /** Regions the product is sold in; each carries `product_game_currency`, the per-region override. */
  declare regions?: Region[];
  declare productRegions?: ProductRegion[];
  declare codes?: Code[];

  static override relationMappings = (): RelationMappings => ({
    regions: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: Region,
      join: {
        from: 'products.id',
        through: {
          from: 'product_regions.product_id',
          to: 'product_regions.region_id',
          // Aliased: regions have a game_currency column of their own.
          extra: { product_game_currency: 'game_currency' },
        },
        to: 'regions.id',
      },
    },
    productRegions: {
      relation: BaseModel.HasManyRelation,
      modelClass: ProductRegion,
      join: { from: 'products.id', to: 'product_regions.product_id' },
    },
    codes: {
      relation: BaseModel.HasManyRelation,
      modelClass: Code,
      join: { from: 'products.id', to: 'codes.product_id' },
    },
  });
}
