import type { CodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * A manual activation code (gift card, wallet code). The code itself is only ever stored encrypted:
 * decrypt with server-kit/src/code-crypto.ts for the order's owner, and record the reveal.
 */
export class Code extends BaseModel {
  static override tableName = 'codes';

  declare id: number;
  declare product_id: number;
  /** null: a global code. */
  declare region_id: number | null;
  declare code_encrypted: string;
  declare code_hash: string;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  /** 'reserved' needs order_id and reserved_until; 'used' needs order_id (CHECK). */
  declare status: CodeStatus;
  declare popular: boolean;
  declare order_id: number | null;
  declare reserved_until: Date | null;
  declare sold_at: Date | null;
  declare created_at: Date;
}
