import type { BalanceCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';

/** Money returned to the card a payment came from (a refund to the balance is a ledger entry instead). */
export class PaymentRefund extends BaseModel {
  static override tableName = 'payment_refunds';

  declare id: number;
  declare payment_id: number;
  declare order_id: number;
  /** Minor units of the payment's currency. */
  declare amount: number;
  declare currency: BalanceCurrency;
  /** The part of the order's own total this refund returns: what the balance is credited if the gateway refuses. */
  declare order_amount: number;
  declare status: 'pending' | 'succeeded' | 'failed';
  declare provider_refund_id: string | null;
  declare reason: string;
  /** The admin who asked for it; null when the store refunded a failed delivery by itself. */
  declare requested_by: number | null;
  declare failure: string | null;
  declare created_at: Date;
  declare settled_at: Date | null;
  /** The gateway's idempotence key for this refund, a UUID. */
  declare idempotence_key: string;
}
