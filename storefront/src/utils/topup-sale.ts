import { fromMinor, toMinor } from '@topup/common';
import type { Sale } from '@topup/common/api';
import { type Currency, pickSalePrice } from '../lib/currency';

/**
 * A top-up's units on sale as its page listed them (navigation state `topupSale`, beside `topupData`,
 * which keeps list prices): each unit's list prices and its `sale`. Checkout prices the discount from
 * them in the currency it is paid in, at its own USD->UZS rate, whatever currency the page showed, as
 * the server's placement does per unit (docs/architecture.md, "Promotions that discount"). Shown only:
 * the server charges its own.
 */
export type SaleUnit = PricedUnit & { sale: Sale };

/** A unit as a page lists it: its list prices and, while a promotion discounts it, its sale. */
export type PricedUnit = { price_usd: unknown; price_rub: unknown; sale?: Sale };

/** The navigation state that hands the units on sale over: nothing when there is none. */
export function topupSaleState(units: readonly PricedUnit[]): { topupSale?: SaleUnit[] } {
  const onSale = units.flatMap(({ price_usd, price_rub, sale }) => (sale ? [{ price_usd, price_rub, sale }] : []));
  return onSale.length > 0 ? { topupSale: onSale } : {};
}

const isSale = (value: unknown): value is Sale => {
  const sale = value as Partial<Sale> | null;
  const numberOrNull = (field: unknown) => field === null || typeof field === 'number';
  return (
    typeof sale === 'object' &&
    sale !== null &&
    typeof sale.price_usd === 'number' &&
    typeof sale.price_rub === 'number' &&
    numberOrNull(sale.discount_percent) &&
    numberOrNull(sale.discount_uzs)
  );
};

/** The units on sale handed over in navigation state; none when there are none or they are malformed. */
export function readTopupSale(state: unknown): SaleUnit[] {
  const units = (state as { topupSale?: unknown } | null)?.topupSale;
  if (!Array.isArray(units)) return [];
  return units.every((unit) => typeof unit === 'object' && unit !== null && isSale((unit as { sale?: unknown }).sale)) ? (units as SaleUnit[]) : [];
}

/**
 * A top-up's list total in `currency` less what promotions take off its units there (each unit's list
 * price less its sale price; in UZS each unit's USD price converted at `rateUsdUzs`), never below zero:
 * what the server charges. NaN while a UZS total waits for the rate.
 */
export function topupSalePrice(
  listTotal: number,
  units: readonly PricedUnit[],
  currency: Currency,
  rateUsdUzs: string | null | undefined,
): number {
  if (Number.isNaN(listTotal)) return listTotal;
  const off = units.reduce((sum, unit) => {
    const { price, listPrice } = pickSalePrice(unit, currency, rateUsdUzs);
    return sum + toMinor(listPrice) - toMinor(price);
  }, 0);
  return fromMinor(Math.max(0, toMinor(listTotal) - off));
}
