import { BaseModel } from './BaseModel';

/**
 * An order item's activation code shown to its owner or an admin: the first showing of each hour
 * (`reveal_hour`, unique per item and viewer), which stands for every showing in that hour.
 */
export class CodeReveal extends BaseModel {
  static override tableName = 'code_reveals';

  declare id: number;
  declare order_item_id: number;
  declare user_id: number;
  declare ip: string | null;
  declare user_agent: string | null;
  declare revealed_at: Date;
  /** The start of revealed_at's hour in UTC; null on rows older than hourly recording that were not an hour's first. */
  declare reveal_hour: Date | null;
}
