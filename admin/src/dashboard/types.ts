import type { OrderStatus } from '@topup/common';

/** `GET /api/admin/dashboard`. */
export interface DashboardData {
  /** Orders completed today (a store day, Moscow time), per order currency. */
  salesToday: { usd: number; rub: number; orders: number };
  ordersByStatus: Record<OrderStatus, number>;
  /** Stock lines with fewer than 10 sellable, the emptiest first. */
  lowStock: Array<{ kind: 'code' | 'pubg' | 'freefire'; id: number; name: string; available: number }>;
  /** null when the queues did not answer in time. */
  failedJobs: Array<{ queue: string; count: number | null }>;
  generation: Array<{ id: string; status: string; generated: number; count: number }>;
}
