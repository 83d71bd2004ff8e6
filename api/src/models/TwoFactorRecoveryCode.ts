import { BaseModel } from './BaseModel';

/** A one-time recovery code of two-factor sign-in, stored as a keyed hash. */
export class TwoFactorRecoveryCode extends BaseModel {
  static override tableName = 'two_factor_recovery_codes';

  declare id: number;
  declare user_id: number;
  /** Hex HMAC-SHA256 of the normalised code. */
  declare code_hash: string;
  declare used_at: Date | null;
  declare created_at: Date;
}
