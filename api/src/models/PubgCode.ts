import type { PubgCodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

/** A UC code the store redeems on a shopper's PUBG account. 'error': the provider rejected it. */
export class PubgCode extends BaseModel {
  static override tableName = 'pubg_codes';

  declare id: number;
  declare denomination_id: number;
  declare code_encrypted: string;
  declare code_hash: string;
  declare status: PubgCodeStatus;
  declare order_id: number | null;
  declare error_message: string | null;
  declare used_at: Date | null;
  declare created_at: Date;
}
