import type { AdminSupplier } from '@topup/common/api';

/** A balance read and under the supplier's threshold (docs/architecture.md, "Suppliers"). */
export const isBalanceLow = (supplier: Pick<AdminSupplier, 'balance' | 'lowBalanceThreshold'>): boolean =>
  supplier.balance !== null && supplier.lowBalanceThreshold !== null && supplier.balance < supplier.lowBalanceThreshold;
