import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/**
 * What a top-up of a game buys: an amount of its currency at a price in each balance currency. PUBG's
 * packages keep their ids; Free Fire's offers their item id and, as `legacy_id`, the id their back office,
 * generated codes and thresholds show. Deleting one deletes its codes in the code stock (ON DELETE CASCADE).
 */
export class GameDenomination extends BaseModel {
  static override tableName = 'game_denominations';
  static override hasUpdatedAt = true;

  declare id: number;
  declare game_id: number;
  /** Free Fire's offer id; every denomination created since the merge draws one. */
  declare legacy_id: number | null;
  /** The game's own id of the offer (Free Fire's item_id): top-ups name the denomination by it, else by id. */
  declare item_id: number | null;
  /** '' for a PUBG package that goes by its UC amount. */
  declare name: string;
  declare unit: string;
  /** The name and unit in English and Uzbek. */
  declare translations: RowTranslations<'name' | 'unit'>;
  declare amount: number;
  declare price_usd: number;
  declare price_rub: number;
  declare active: boolean;
  declare sort_order: number;
  /** An admin confirmed selling it although its cheapest source costs more than its price. */
  declare sell_at_loss: boolean;
  declare created_at: Date;
  declare updated_at: Date;
}
