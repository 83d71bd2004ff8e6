import type { ContentLanguage, MailKind, MailStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * One mail of the store (docs/architecture.md, "Mail"): queued with the change that wants it, written
 * and sent once by its `mail` job, or kept here only where the store has no SMTP server.
 */
export class Mail extends BaseModel {
  static override tableName = 'mails';

  declare id: number;
  declare user_id: number | null;
  declare kind: MailKind;
  declare order_id: number | null;
  declare recipient: string;
  declare language: ContentLanguage;
  /** What it says, as known when it was queued: a link's path, the order's transition. Emptied once a link mail is sent. */
  declare facts: { path?: string; transition?: string };
  declare subject: string;
  declare text_body: string;
  declare html_body: string;
  declare status: MailStatus;
  /** The same on every attempt. */
  declare message_id: string | null;
  declare last_error: string | null;
  declare sent_at: Date | null;
  declare created_at: Date;
}
