import type { RelationMappings } from 'objection';
import type { ProductCategory } from '@topup/common';
import { BaseModel } from './BaseModel';
import type { Region } from './Region';
import type { RowTranslations } from '../lib/translations';

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
  /** English and Uzbek texts of title, description, keywords and activation_instructions. */
  declare translations: RowTranslations<'title' | 'description' | 'keywords' | 'activation_instructions'>;
  declare has_regions: boolean;
  declare has_global_codes: boolean;
  declare active: boolean;
  declare sort_order: number;
  declare created_at: Date;
  declare updated_at: Date;

  /** Regions the product is sold in; each carries `product_game_currency`, the per-region override. */
  declare regions?: Region[];

  static override relationMappings = (): RelationMappings => ({
    regions: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: BaseModel.named('Region'),
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
  });
}
