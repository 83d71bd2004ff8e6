import type { BalanceCurrency, OrderStatus } from '@topup/common';

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
  items: OrderItem[];
}
