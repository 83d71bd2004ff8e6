import type { OrderStatus } from '@topup/common';

/** An order item as `GET /api/admin/orders/:id` gives it (codes are never part of it). */
export interface AdminOrderItem {
  id: number;
  itemType: 'code' | 'topup';
  productTitle: string | null;
  gameAmount: number | null;
  /** In the order currency. */
  amount: number;
  topupData: Record<string, unknown> | null;
  providerStatus: 'pending' | 'succeeded' | 'failed' | null;
}

export interface AdminOrder {
  id: number;
  userId: number;
  userNickname: string;
  status: OrderStatus;
  kind: 'codes' | 'topup';
  paymentMethod: 'balance' | 'card';
  currency: 'usd' | 'rub';
  total: number;
  totalUsd: number;
  failureReason: string | null;
  createdAt: string;
  paidAt: string | null;
  completedAt: string | null;
  items?: AdminOrderItem[];
}
