import type { StockCodeSource } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * The view of every code a shopper can buy now: available manual codes and published generated Free
 * Fire codes (always global). Read only; `id` is the code's stock_codes.id.
 */
export class SellableStock extends BaseModel {
  static override tableName = 'sellable_stock';

  declare source: Extract<StockCodeSource, 'manual' | 'generated'>;
  declare id: number;
  declare product_id: number;
  declare region_id: number | null;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  declare popular: boolean;
}
