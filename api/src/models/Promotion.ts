import type { OrderCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/** A coloured badge on the home page banner, and the discount it may carry (docs/architecture.md, "Promotions that discount"). */
export class Promotion extends BaseModel {
  static override tableName = 'promotions';
  static override hasUpdatedAt = true;

  declare id: number;
  /** 1 to 200 characters. */
  declare text: string;
  /** The text in English and Uzbek. */
  declare translations: RowTranslations<'text'>;
  /** '#rrggbb'. */
  declare background_color: string;
  declare active: boolean;
  declare sort_order: number;
  /** null: a badge only. */
  declare discount_type: 'percent' | 'fixed' | null;
  /** A whole percent (1 to 100), or minor units of `currency` (whole sums in UZS). */
  declare discount_value: number | null;
  /** The one currency a fixed discount applies in. */
  declare currency: OrderCurrency | null;
  declare product_ids: number[];
  declare game_ids: number[];
  declare denomination_ids: number[];
  declare valid_from: Date | null;
  declare valid_to: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}
