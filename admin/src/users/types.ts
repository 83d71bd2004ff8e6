import type { UserRole } from '@topup/common';

export interface AdminUser {
  id: number;
  nickname: string;
  role: UserRole;
  /** Decimal amounts. */
  balanceUsd: number;
  balanceRub: number;
  ordersCount: number;
  createdAt: string;
}
