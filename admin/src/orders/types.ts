import type { OrderStatus, PaymentStatus } from '@topup/common';

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
  /** Only on the detail: the order's gateway payment (its latest), null for a balance order. */
  payment?: AdminOrderPayment | null;
  /** Only on the detail: refunds to the card and credits to the balance, oldest first. */
  refunds?: AdminOrderRefund[];
}

/** One event the gateway sent about a payment (a webhook, or a read-back of its state). */
export interface AdminGatewayEvent {
  id: number;
  eventType: string;
  providerEventId: string;
  receivedAt: string;
  processedAt: string | null;
}

/** The order's gateway payment; amounts decimal, in the charged currency (a USD order may be charged in RUB). */
export interface AdminOrderPayment {
  id: number;
  provider: string;
  providerPaymentId: string | null;
  method: 'card' | 'sbp';
  status: PaymentStatus;
  amount: number;
  refundedAmount: number;
  currency: 'usd' | 'rub';
  /** What the gateway said when the payment was last read back. */
  gatewayStatus: string | null;
  createdAt: string;
  paidAt: string | null;
  events: AdminGatewayEvent[];
}

export interface AdminOrderRefund {
  id: number;
  destination: 'card' | 'balance';
  /** Decimal, in `currency`. */
  amount: number;
  currency: 'usd' | 'rub';
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  failure: string | null;
  createdAt: string;
}
