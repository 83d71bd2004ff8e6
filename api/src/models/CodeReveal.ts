import { BaseModel } from './BaseModel';

/** One showing of an order item's activation code, to its owner or an admin. */
export class CodeReveal extends BaseModel {
  static override tableName = 'code_reveals';

  declare id: number;
  declare order_item_id: number;
  declare user_id: number;
  declare ip: string | null;
  declare user_agent: string | null;
  declare revealed_at: Date;
}
