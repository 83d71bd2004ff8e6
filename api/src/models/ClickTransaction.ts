import { BaseModel } from './BaseModel';

/**
 * A payment attempt Click's SHOP API prepared for an order (docs/architecture.md, "Click"), kept as Click
 * names it, so every repeated Prepare or Complete is answered from the row. Its id is the store's
 * merchant_prepare_id and merchant_confirm_id.
 */
export class ClickTransaction extends BaseModel {
  static override tableName = 'click_transactions';

  declare id: number;
  /** Click's id of the attempt. */
  declare click_trans_id: number;
  /** Click's payment number, shown to the shopper. */
  declare click_paydoc_id: number;
  declare payment_id: number;
  declare order_id: number;
  /** Tiyin. */
  declare amount: number;
  /** 0 prepared, 1 completed, -1 cancelled. */
  declare state: 0 | 1 | -1;
  /** Click's error code and note of the Complete that cancelled the attempt. */
  declare error: number | null;
  declare error_note: string | null;
  declare prepared_at: Date;
  declare completed_at: Date | null;
  declare cancelled_at: Date | null;
}
