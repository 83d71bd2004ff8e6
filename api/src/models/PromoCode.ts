import type { OrderCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';

/** A promo code shoppers enter at checkout (docs/architecture.md, "Promo codes"). */
export class PromoCode extends BaseModel {
  static override tableName = 'promo_codes';
  static override hasUpdatedAt = true;

  declare id: number;
  /** Upper-case, unique; shoppers' entries are compared upper-cased. */
  declare code: string;
  declare discount_type: 'percent' | 'fixed';
  /** A whole percent (1 to 100), or minor units of `currency`. */
  declare discount_value: number;
  /** The one order currency it takes; required for a fixed discount or a minimum order. */
  declare currency: OrderCurrency | null;
  declare scope: 'all' | 'games' | 'products';
  /** Game ids (top-ups) or product ids (codes); empty for 'all'. */
  declare scope_ids: number[];
  /** Minor units of `currency`: the least order total before the discount. */
  declare min_order: number | null;
  declare valid_from: Date | null;
  declare valid_to: Date | null;
  declare usage_limit: number | null;
  declare per_user_limit: number | null;
  declare active: boolean;
  /** Uses counted and not given back. */
  declare uses: number;
  declare created_at: Date;
  declare updated_at: Date;
}
