import type { BalanceCurrency, OrderStatus, PaymentStatus } from '@topup/common';

/** An order item as GET /api/orders(/:id) answers it (spec section 3). */
export interface OrderItem {
  id: number;
  item_type: 'code' | 'topup';
  /** Decimal, in the order currency. */
  amount: number;
  game_amount: number | null;
  product: { title: string; image_url: string; activation_instructions: string } | null;
  topup_data: Record<string, unknown> | null;
  /** Only on GET /orders/:id, and only once the order is completed. */
  code?: { code: string } | null;
}

export interface Order {
  id: number;
  created_at: string;
  status: OrderStatus;
  /** Decimal, in `currency`. */
  total: number;
  currency: BalanceCurrency;
  /** Why a failed or cancelled order was not delivered. */
  failure_reason: string | null;
  /** 'balance', or 'card' for any gateway payment (the detail's `payment` says card or SBP). */
  payment_method?: 'balance' | 'card';
  /** A declined or expired card order whose lines went back into the cart. */
  returned_to_cart?: boolean;
  items: OrderItem[];
  /** Only on GET /orders/:id: the order's gateway payment, null when it was paid from the balance. */
  payment?: OrderPayment | null;
  /** Only on GET /orders/:id: money given back for it, oldest first. */
  refunds?: OrderRefund[];
}

/** How a gateway-paid order was paid; amounts decimal, in the charged currency (a USD order may be charged in RUB). */
export interface OrderPayment {
  method: 'card' | 'sbp';
  provider: string;
  status: PaymentStatus;
  amount: number;
  currency: BalanceCurrency;
  refunded: number;
}

export interface OrderRefund {
  destination: 'card' | 'balance';
  /** Decimal, in `currency`. */
  amount: number;
  currency: BalanceCurrency;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: string;
}
