import { BaseModel } from './BaseModel';

/** A single-use link mailed to an account: an address's verification or a password reset, its token kept only as a hash. */
export class EmailLink extends BaseModel {
  static override tableName = 'email_links';

  declare id: number;
  declare user_id: number;
  declare purpose: 'verify_email' | 'reset_password';
  /** SHA-256 (hex) of the link's token. */
  declare token_hash: string;
  /** The address the link was sent to. */
  declare email: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare created_at: Date;
}
