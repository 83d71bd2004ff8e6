import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/** A Free Fire diamond offer; `item_id` is the offer id shoppers send. */
export class FreefireDenomination extends BaseModel {
  static override tableName = 'freefire_denominations';
  static override hasUpdatedAt = true;

  declare id: number;
  declare name: string;
  /** The name in English and Uzbek. */
  declare translations: RowTranslations<'name'>;
  declare item_id: number;
  declare price_usd: number;
  declare price_rub: number;
  declare game_amount: number;
  declare is_active: boolean;
  declare created_at: Date;
  declare updated_at: Date;
}
