import { BaseModel } from './BaseModel';

/**
 * A transaction Payme's Merchant API made for an order (docs/architecture.md, "Payme"), kept as Payme names
 * it, with the store's times in milliseconds (0 while not happened), so every repeated call is answered
 * from the row.
 */
export class PaymeTransaction extends BaseModel {
  static override tableName = 'payme_transactions';

  declare id: number;
  /** Payme's id of the transaction. */
  declare payme_id: string;
  declare payment_id: number;
  declare order_id: number;
  /** Payme's own time of the transaction: GetStatement selects by it. */
  declare payme_time: number;
  /** Tiyin. */
  declare amount: number;
  declare account: Record<string, unknown>;
  declare create_time: number;
  declare perform_time: number;
  declare cancel_time: number;
  /** 1 created, 2 performed, -1 cancelled, -2 cancelled after perform. */
  declare state: 1 | 2 | -1 | -2;
  declare reason: number | null;
}
