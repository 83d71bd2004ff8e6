import type { AdminOrder, AdminOrderDetail } from '@topup/common/api';

/**
 * The order of the show page: its detail (common/src/api/admin-orders.ts), or, until that arrives, the
 * list's row react-admin shows meanwhile, without lines, payment or refunds.
 */
export type ShownOrder = AdminOrder & Partial<Pick<AdminOrderDetail, 'items' | 'payment' | 'refunds' | 'timeline' | 'margin'>>;
