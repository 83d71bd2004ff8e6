import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';

export const SUPPORT_MESSAGE_STATUSES = ['new', 'answered'] as const;
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];

/** A message from the support form; visitors may write without an account. */
export class SupportMessage extends BaseModel {
  static override tableName = 'support_messages';

  declare id: number;
  declare user_id: number | null;
  declare nickname: string;
  declare contact: string;
  declare message: string;
  declare status: SupportMessageStatus;
  declare created_at: Date;

  declare user?: User | null;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'support_messages.user_id', to: 'users.id' },
    },
  });
}
