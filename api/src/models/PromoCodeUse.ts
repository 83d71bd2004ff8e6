import { BaseModel } from './BaseModel';

/** One order placed with a promo code; released when the unpaid order was cancelled. */
export class PromoCodeUse extends BaseModel {
  static override tableName = 'promo_code_uses';

  declare id: number;
  declare promo_code_id: number;
  declare user_id: number;
  declare order_id: number;
  /** Minor units of the order's currency. */
  declare discount: number;
  declare created_at: Date;
  declare released_at: Date | null;
}
