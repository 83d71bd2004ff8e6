import type { RelationMappings } from 'objection';
import type { OrderCurrency, OrderStatus } from '@topup/common';
import type { ORDER_PAYMENT_METHODS, OrderNotice } from '@topup/common/api';
import { BaseModel } from './BaseModel';
import type { OrderItem } from './OrderItem';

export const ORDER_KINDS = ['codes', 'topup'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export type PaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/**
 * An order. pending: awaiting card payment (codes held until hold_expires_at); processing: paid, being
 * fulfilled; completed; failed (nothing charged, or refunded on the ledger); cancelled (payment expired
 * or declined).
 */
export class Order extends BaseModel {
  static override tableName = 'orders';
  static override hasUpdatedAt = true;

  declare id: number;
  declare user_id: number;
  declare status: OrderStatus;
  declare kind: OrderKind;
  declare payment_method: PaymentMethod;
  declare currency: OrderCurrency;
  /** Minor units of `currency`. */
  declare total: number;
  declare total_usd: number;
  /** Minor units of `currency` a promo code took off; `total` is after it (docs/architecture.md, "Promo codes"). */
  declare discount: number;
  /** Minor units of the order currency that promotions took off its list prices (docs/architecture.md, "Promotions that discount"). */
  declare promotion_discount: number;
  declare promo_code_id: number | null;
  /** The USD->RUB rate the order was priced at (decimal string). */
  declare rate_usd_rub: string;
  /** A UZS order's USD->UZS rate, locked when it was placed; null on other orders. */
  declare rate_usd_uzs: string | null;
  /** What the shopper is told about the order (codes with parameters, money in minor units), oldest first. */
  declare notices: OrderNotice[];
  declare hold_expires_at: Date | null;
  declare paid_at: Date | null;
  declare completed_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
  /** A declined or expired card order's lines went back into the shopper's cart. */
  declare returned_to_cart: boolean;
  /** The Idempotency-Key of the request that placed it; unique per user. */
  declare idempotency_key: string | null;
  /** Why a paid order needs a person (its delivery ran out of attempts), and since when; both null otherwise. */
  declare attention_reason: string | null;
  declare attention_since: Date | null;

  declare items?: OrderItem[];

  static override relationMappings = (): RelationMappings => ({
    items: {
      relation: BaseModel.HasManyRelation,
      modelClass: BaseModel.named('OrderItem'),
      join: { from: 'orders.id', to: 'order_items.order_id' },
    },
  });
}
