import { BaseModel } from './BaseModel';

/** A user's TOTP secret; pending until a first code confirms it. */
export class UserTwoFactor extends BaseModel {
  static override tableName = 'user_two_factor';
  static override idColumn = 'user_id';
  static override hasUpdatedAt = true;

  declare user_id: number;
  /** AES-256-GCM under CODES_KEY. */
  declare secret_encrypted: string;
  /** Null while enrolment waits for its first code. */
  declare enabled_at: Date | null;
  /** The TOTP time step of the last accepted code: a code of that step or an earlier one is refused. */
  declare last_used_step: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
