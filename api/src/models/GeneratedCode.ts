import type { CodeStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

/** A Free Fire code the store generated. Shoppers only see published ones. Stored encrypted like manual codes. */
export class GeneratedCode extends BaseModel {
  static override tableName = 'generated_codes';

  declare id: number;
  declare denomination_id: number;
  /** The Free Fire product. */
  declare product_id: number;
  declare generation_request_id: string | null;
  declare code_encrypted: string;
  declare code_hash: string;
  declare game_amount: number;
  declare price_usd: number;
  declare price_rub: number;
  declare status: CodeStatus;
  declare published: boolean;
  declare order_id: number | null;
  declare reserved_until: Date | null;
  declare sold_at: Date | null;
  /** The player credited by this code; a code credits once. */
  declare activated_player_id: string | null;
  /** The Idempotency-Key of the request that claimed its activation. */
  declare activation_idempotency_key: string | null;
  declare activated_at: Date | null;
  declare created_at: Date;
}
