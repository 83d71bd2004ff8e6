import { BaseModel } from './BaseModel';

/** The pending second step of a sign-in: single use, with its count of wrong codes. */
export class TwoFactorChallenge extends BaseModel {
  static override tableName = 'two_factor_challenges';

  declare id: string;
  declare user_id: number;
  /** "Remember me" as asked at the password step, for the session the challenge ends in. */
  declare remember: boolean;
  declare failed_attempts: number;
  declare used_at: Date | null;
  declare expires_at: Date;
  declare created_at: Date;
}
