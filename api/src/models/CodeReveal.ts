import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { OrderItem } from './OrderItem';
import { User } from './User';

/** One showing of an order item's activation code, to its owner or an admin. */
export class CodeReveal extends BaseModel {
  static override tableName = 'code_reveals';

  declare id: number;
  declare order_item_id: number;
  declare user_id: number;
  declare ip: string | null;
  declare user_agent: string | null;
  declare revealed_at: Date;

  declare orderItem?: OrderItem;
  declare user?: User;

  static override relationMappings = (): RelationMappings => ({
    orderItem: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: OrderItem,
      join: { from: 'code_reveals.order_item_id', to: 'order_items.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'code_reveals.user_id', to: 'users.id' },
    },
  });
}
