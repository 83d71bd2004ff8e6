import type { OrderCurrency } from '@topup/common';
import { BaseModel } from './BaseModel';

/** Money returned to the card a payment came from (a refund to the balance is a ledger entry instead). */
export class PaymentRefund extends BaseModel {
  static override tableName = 'payment_refunds';

  declare id: number;
  declare payment_id: number;
  declare order_id: number;
  /** Minor units of the payment's currency. */
  declare amount: number;
  declare currency: OrderCurrency;
  /** The part of the order's own total this refund returns: what the balance is credited if the gateway refuses. */
  declare order_amount: number;
  declare status: 'pending' | 'succeeded' | 'failed';
  declare provider_refund_id: string | null;
  declare reason: string;
  /** The admin who asked for it; null when the store refunded a failed delivery by itself. */
  declare requested_by: number | null;
  /** Why it failed, or, while pending, what went wrong last. */
  declare failure: string | null;
  /** How many times it was sent to the gateway, and when first (the gateway forgets its key a day later). */
  declare attempts: number;
  declare first_sent_at: Date | null;
  /** An attempt's outcome is unknown: the gateway may still make it, so it is never credited to the balance. */
  declare uncertain: boolean;
  declare created_at: Date;
  declare settled_at: Date | null;
  /** The gateway's idempotence key for this refund, a UUID. */
  declare idempotence_key: string;
}
