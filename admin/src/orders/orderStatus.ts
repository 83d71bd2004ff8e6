import { ORDER_STATUSES, type OrderStatus } from '@topup/common';

/**
 * The changes an admin may make to an order's status (docs/admin-api.md, Orders); the API refuses
 * the others with 409, so the back office only offers these.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['cancelled'],
  processing: ['completed', 'failed'],
  // Runs fulfilment again.
  failed: ['processing'],
  completed: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order in `status` can be moved to; none for an unknown status. */
export function nextOrderStatuses(status: unknown): readonly OrderStatus[] {
  return isOrderStatus(status) ? ORDER_STATUS_TRANSITIONS[status] : [];
}

/**
 * A refund is offered for paid orders still counted as sold: processing or completed. A
 * failed order was already refunded, and an unpaid (pending, cancelled) one has nothing to refund.
 */
export function canRefundOrder(order: { status?: unknown } | undefined): boolean {
  return order?.status === 'processing' || order?.status === 'completed';
}

export type RefundDestination = 'balance' | 'card';

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
