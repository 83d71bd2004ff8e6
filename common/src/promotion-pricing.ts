import { toMinor, type OrderCurrency } from './money';

/**
 * Promotions that discount (docs/architecture.md, "Promotions that discount"). The rule is the SQL
 * function promotion_discount, which the API answers as a `sale` beside each list price; this mirrors its
 * last step, promotion_off, for the prices the storefront converts itself (UZS from USD at the rate).
 */

/** What the best promotion terms take off a unit listed at `listMinor`: the larger of the percent (rounded once, half up; UZS to whole sums) and the fixed sum, never more than the unit. */
export function promotionOffMinor(listMinor: number, percent: number | null, fixedMinor: number | null, currency: OrderCurrency): number {
  const byPercent =
    percent === null ? 0 : currency === 'uzs' ? Math.round((listMinor * percent) / 10_000) * 100 : Math.round((listMinor * percent) / 100);
  return Math.min(listMinor, Math.max(byPercent, fixedMinor ?? 0));
}

/** A unit's sale as the API answers it (`Sale` in common/src/api/promotions.ts). */
export interface SaleTerms {
  price_usd: number;
  price_rub: number;
  discount_percent: number | null;
  discount_uzs: number | null;
}

/**
 * The price of a unit listed at `listMinor` of `currency` (UZS: its USD price converted) after its sale:
 * the server's own price in USD and RUB, the mirrored rule in UZS. No sale: the list price.
 */
export function salePriceMinor(listMinor: number, sale: SaleTerms | undefined, currency: OrderCurrency): number {
  if (!sale) return listMinor;
  if (currency === 'usd') return toMinor(sale.price_usd);
  if (currency === 'rub') return toMinor(sale.price_rub);
  return listMinor - promotionOffMinor(listMinor, sale.discount_percent, sale.discount_uzs === null ? null : toMinor(sale.discount_uzs), 'uzs');
}

/** The whole percent a sale takes off, for its "−10%" mark: the promotion's own percent, else the share of the list price. */
export function salePercent(listMinor: number, saleMinor: number): number {
  if (listMinor <= 0 || saleMinor >= listMinor) return 0;
  return Math.round(((listMinor - saleMinor) * 100) / listMinor);
}
