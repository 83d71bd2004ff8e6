import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

export class Region extends BaseModel {
  static override tableName = 'regions';

  declare id: number;
  declare name: string;
  /** Short code such as 'TR', 'US', 'EU'. */
  declare code: string;
  declare is_active: boolean;
  declare game_currency: string;
  /** Emoji or image URL; empty means the storefront's global flag. */
  declare flag: string;
  /** The name in English and Uzbek. */
  declare translations: RowTranslations<'name'>;
  declare created_at: Date;

  /** Only when loaded through Product.regions: product_regions.game_currency (null or '' = product default). */
  declare product_game_currency?: string | null;
}
