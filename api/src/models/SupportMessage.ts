import type { SupportMessageStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

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
  /** When an admin first opened it; null while unread (or marked unread again). */
  declare read_at: Date | null;
  /** The last reply or status change. */
  declare updated_at: Date;
  /** Set exactly while the status is closed. */
  declare closed_at: Date | null;
}
