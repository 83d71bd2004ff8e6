import { convertMinorInverse, type BalanceCurrency } from '@topup/common';
import type { Order } from '../../models';

/**
 * What an amount of an order's currency is on a balance (docs/architecture.md, "Refunds"): itself for
 * a USD or RUB order; for a UZS order (no balance holds sums) the USD it comes to at the USD->UZS rate
 * the order was priced at, rounded once.
 */
export function balanceEquivalent(
  order: Pick<Order, 'currency' | 'rate_usd_uzs'>,
  amount: number,
): { currency: BalanceCurrency; amount: number } {
  if (order.currency !== 'uzs') return { currency: order.currency, amount };
  return { currency: 'usd', amount: convertMinorInverse(amount, pricedUsdUzsRate(order)) };
}

/** The USD->UZS rate a UZS order was priced at, which every later conversion of its sums uses. */
export function pricedUsdUzsRate(order: Pick<Order, 'rate_usd_uzs'>): string {
  if (order.rate_usd_uzs === null) throw new Error('A UZS order without its USD->UZS rate');
  return order.rate_usd_uzs;
}
