import { BaseModel } from './BaseModel';

/** An admin's reply to a support message, which the writer reads on /support when the message is linked to them. */
export class SupportReply extends BaseModel {
  static override tableName = 'support_replies';

  declare id: number;
  declare message_id: number;
  /** The admin who wrote it; null once that account is gone. */
  declare author_id: number | null;
  declare message: string;
  declare created_at: Date;
}
