import { BaseModel } from './BaseModel';

/**
 * Below how many sellable a stock line is low: for a product's manual codes (narrowed by region and
 * game amount when set), a PUBG package or a Free Fire offer. The row naming none is the default.
 */
export class StockThreshold extends BaseModel {
  static override tableName = 'stock_thresholds';
  static override hasUpdatedAt = true;

  declare id: number;
  declare product_id: number | null;
  declare region_id: number | null;
  declare game_amount: number | null;
  declare pubg_denomination_id: number | null;
  declare freefire_denomination_id: number | null;
  declare threshold: number;
  declare created_at: Date;
  declare updated_at: Date;
}
