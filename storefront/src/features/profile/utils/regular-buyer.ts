import type { OrderStatus } from '@topup/common';

/**
 * The 'regular buyer' status: a shopper earns it with this many completed orders. Only completed
 * orders count; pending, failed and cancelled ones do not.
 */
export const REGULAR_BUYER_ORDERS = 5;

export interface BuyerProgress {
  completed: number;
  target: number;
  /** 0 to 100. */
  percent: number;
  reached: boolean;
  /** Completed orders still needed; 0 once reached. */
  remaining: number;
}

export function regularBuyerProgress(orders: readonly { status: OrderStatus | string }[], target = REGULAR_BUYER_ORDERS): BuyerProgress {
  const completed = orders.filter((order) => order.status === 'completed').length;
  const reached = completed >= target;
  return {
    completed,
    target,
    percent: Math.round((Math.min(completed, target) / target) * 100),
    reached,
    remaining: Math.max(0, target - completed),
  };
}
