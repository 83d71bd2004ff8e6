import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/** A PUBG Mobile UC package. Deleting one deletes its codes (ON DELETE CASCADE). */
export class PubgDenomination extends BaseModel {
  static override tableName = 'pubg_denominations';
  static override hasUpdatedAt = true;

  declare id: number;
  declare uc_amount: number;
  /** '' when the package goes by its UC amount. */
  declare name: string;
  /** The name in English and Uzbek. */
  declare translations: RowTranslations<'name'>;
  declare price_usd: number;
  declare price_rub: number;
  declare active: boolean;
  declare created_at: Date;
  declare updated_at: Date;
}
