import type { PubgCodeStatus, StockCodeSource } from '@topup/common';
import { BaseModel } from './BaseModel';

/**
 * A code of the one code stock (docs/architecture.md, "The code stock"). The code itself is only ever
 * stored encrypted: decrypt with server-kit/src/code-crypto.ts for the order's owner, and record the
 * reveal. Which columns a source fills is checked by the table (stock_codes_*_shape).
 */
export class StockCode extends BaseModel {
  static override tableName = 'stock_codes';

  declare id: number;
  declare source: StockCodeSource;
  /** The id its source's back-office view shows; unique within the source. */
  declare number: number;
  /** Manual and generated codes: the product they are sold as. */
  declare product_id: number | null;
  /** A manual code of a region; null: global. */
  declare region_id: number | null;
  /** Generated and redeemed codes: their denomination (game_denominations.id). */
  declare denomination_id: number | null;
  declare generation_request_id: string | null;
  declare code_encrypted: string;
  declare code_hash: string;
  /** A code sold by price option (manual, generated): what it credits and costs, minor units. */
  declare game_amount: number | null;
  declare price_usd: number | null;
  declare price_rub: number | null;
  /** 'reserved' needs order_id (and, for a code sold by price option, reserved_until); 'error': rejected by the game. */
  declare status: PubgCodeStatus;
  declare popular: boolean;
  /** A generated code is offered to shoppers once published. */
  declare published: boolean;
  declare order_id: number | null;
  declare reserved_until: Date | null;
  /** Sold (a code order delivered) or redeemed (a top-up). */
  declare sold_at: Date | null;
  /** The player a generated code credited; a code credits once. */
  declare activated_player_id: string | null;
  declare activated_at: Date | null;
  /** The Idempotency-Key of the request that claimed its activation. */
  declare activation_idempotency_key: string | null;
  /** Why the game rejected a redeemed code. */
  declare error_message: string | null;
  declare created_at: Date;
}
