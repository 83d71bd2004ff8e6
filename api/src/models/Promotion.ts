import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/** A coloured badge on the home page banner. */
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
  declare created_at: Date;
  declare updated_at: Date;
}
