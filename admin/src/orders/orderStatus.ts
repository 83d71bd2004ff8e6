import { canTransition, isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@topup/common';
import type { RefundOrderBody } from '@topup/common/api';

/**
 * A refund is offered where the order state machine lets an admin refund: paid orders still counted
 * as sold. A failed order was already refunded, and an unpaid (pending, cancelled) one has nothing to refund.
 */
export function canRefundOrder(order: { status?: unknown } | undefined): boolean {
  return isOrderStatus(order?.status) && canTransition('refund', order.status, 'admin');
}

/** A processing order whose delivery ran out of attempts: it offers Retry delivery (and the refund). */
export function needsAttention(order: { status?: unknown; attentionReason?: string | null } | undefined): boolean {
  return order?.status === 'processing' && Boolean(order.attentionReason);
}

export type RefundDestination = NonNullable<RefundOrderBody['destination']>;

/**
 * Back to the card is possible only for an order with a paid gateway payment (the API answers 409
 * otherwise); a fully refunded payment has nothing left to return.
 */
export function canRefundToCard(order: { payment?: { status?: unknown } | null } | undefined): boolean {
  return order?.payment?.status === 'paid';
}

/** Where a refund is offered to go, the first being the default: the card a card order was paid with, else the balance. */
export function refundDestinations(order: { payment?: { status?: unknown } | null } | undefined): RefundDestination[] {
  return canRefundToCard(order) ? ['card', 'balance'] : ['balance'];
}

export type StatusColor = 'default' | 'info' | 'warning' | 'success' | 'error';

export const ORDER_STATUS_COLORS: Readonly<Record<OrderStatus, StatusColor>> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** Choices for a status select, labelled by translation key. */
export const ORDER_STATUS_CHOICES = ORDER_STATUSES.map((id) => ({ id, name: `resources.orders.status.${id}` }));
