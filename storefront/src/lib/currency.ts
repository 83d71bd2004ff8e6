import { type BalanceCurrency, fromMinor, type OrderCurrency, salePriceMinor, type SaleTerms, toMinor, usdToUzsMinor } from '@topup/common';

/** Display currencies of the store: prices and orders. UZS prices are USD prices at the store's rate. */
export const CURRENCIES = ['RUB', 'USD', 'UZS'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

/** The currencies a balance is kept in (no balance holds sums). */
export const BALANCE_DISPLAY_CURRENCIES = ['RUB', 'USD'] as const satisfies readonly Currency[];

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', RUB: '₽', UZS: 'сўм' };

/** The order (API) code of a display currency: USD → usd, RUB → rub, UZS → uzs. */
export function toOrderCurrency(currency: Currency): OrderCurrency {
  return currency === 'USD' ? 'usd' : currency === 'UZS' ? 'uzs' : 'rub';
}

/** The display currency of an order (API) code: usd → USD, rub → RUB, uzs → UZS. */
export function fromOrderCurrency(currency: OrderCurrency): Currency {
  return currency === 'usd' ? 'USD' : currency === 'uzs' ? 'UZS' : 'RUB';
}

/**
 * The balance currency a display currency is priced from: USD → usd, RUB → rub, and UZS → usd (a UZS
 * price is its USD price converted; no balance holds sums).
 */
export function toBalanceCurrency(currency: Currency): BalanceCurrency {
  return currency === 'RUB' ? 'rub' : 'usd';
}

/** The display currency of a balance (API) code: usd → USD, rub → RUB. */
export function fromBalanceCurrency(currency: BalanceCurrency): Currency {
  return fromOrderCurrency(currency);
}

/** A stored or received currency code; anything unknown falls back to RUB. */
export function parseCurrency(value: unknown): Currency {
  if (typeof value !== 'string') return DEFAULT_CURRENCY;
  const upper = value.trim().toUpperCase();
  return (CURRENCIES as readonly string[]).includes(upper) ? (upper as Currency) : DEFAULT_CURRENCY;
}

/** Prices may arrive as numbers or numeric strings; anything invalid counts as 0. */
export function toAmount(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : 0;
}

/** Price times quantity, computed in minor units so no float error creeps into the total. */
export function lineTotal(price: unknown, quantity: number): number {
  const count = Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0;
  const amount = typeof price === 'number' && Number.isNaN(price) ? NaN : toAmount(price);
  return Number.isNaN(amount) ? NaN : fromMinor(toMinor(amount) * count);
}

/**
 * A USD price in sums at the USD->UZS rate, rounded once to whole sums as the server prices it
 * (usdToUzsMinor); NaN while the rate is not known (shown as "—").
 */
export function usdInSums(priceUsd: unknown, rateUsdUzs: string | null | undefined): number {
  if (!rateUsdUzs) return NaN;
  return fromMinor(usdToUzsMinor(toMinor(toAmount(priceUsd)), rateUsdUzs));
}

/** The price of an option in the chosen display currency; UZS needs the USD->UZS rate. */
export function pickPrice(option: { price_usd: unknown; price_rub: unknown }, currency: Currency, rateUsdUzs?: string | null): number {
  if (currency === 'UZS') return usdInSums(option.price_usd, rateUsdUzs);
  return toAmount(currency === 'USD' ? option.price_usd : option.price_rub);
}

/**
 * An option's price after its promotion's sale in the display currency, and its list price
 * (docs/architecture.md, "Promotions that discount"): the server's sale price in USD and RUB, the
 * mirrored rule on the converted price in UZS. Without a sale both are the list price.
 */
export function pickSalePrice(
  option: { price_usd: unknown; price_rub: unknown; sale?: SaleTerms },
  currency: Currency,
  rateUsdUzs?: string | null,
): { price: number; listPrice: number } {
  const listPrice = pickPrice(option, currency, rateUsdUzs);
  if (!option.sale || Number.isNaN(listPrice)) return { price: listPrice, listPrice };
  return { price: fromMinor(salePriceMinor(toMinor(listPrice), option.sale, toOrderCurrency(currency))), listPrice };
}
