import { BaseModel } from './BaseModel';

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
}
