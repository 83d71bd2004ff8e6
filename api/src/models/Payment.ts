import type { OrderCurrency, PaymentStatus } from '@topup/common';
import type { GatewayMethod, GatewayPaymentState } from '../providers/payment/payment-gateway';
import { BaseModel } from './BaseModel';

/** A payment by card or SBP through a gateway's hosted pay page. */
export class Payment extends BaseModel {
  static override tableName = 'payments';
  static override hasUpdatedAt = true;

  declare id: number;
  declare user_id: number;
  declare order_id: number | null;
  /** 'sandbox' or the gateway's name. */
  declare provider: string;
  /** The gateway's id; unique per provider. */
  declare provider_payment_id: string | null;
  /** Minor units, > 0. */
  declare amount: number;
  declare currency: OrderCurrency;
  declare status: PaymentStatus;
  declare pay_url: string | null;
  declare expires_at: Date;
  declare paid_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare method: GatewayMethod;
  /** The gateway's idempotence key for creating this payment, a UUID. */
  declare idempotence_key: string;
  /** The payment's state as last read back from a gateway whose notifications are only hints. */
  declare gateway_status: GatewayPaymentState['status'] | null;
  declare gateway_checked_at: Date | null;
  /** When the sweep reads the payment back next, and how many reads found it still open (its back-off). */
  declare gateway_next_check_at: Date | null;
  declare gateway_checks: number;
  /** The store's decision on a payment held for capture, and the idempotence key it is sent with. */
  declare capture_key: string | null;
  declare cancel_key: string | null;
  /** Minor units of `currency` returned to the card so far. */
  declare refunded_amount: number;
  /** Where the payment's fiscal receipt went; a partial refund's receipt goes there too. */
  declare receipt_email: string | null;
}
