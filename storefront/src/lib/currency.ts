import { type BalanceCurrency, fromMinor, toMinor } from '@topup/common';

/** Display currencies of the store (balances and prices). */
export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', RUB: '₽' };

/** The balance (API) code of a display currency: USD → usd, RUB → rub. */
export function toBalanceCurrency(currency: Currency): BalanceCurrency {
  return currency === 'USD' ? 'usd' : 'rub';
}

/** The display currency of a balance (API) code: usd → USD, rub → RUB. */
export function fromBalanceCurrency(currency: BalanceCurrency): Currency {
  return currency === 'usd' ? 'USD' : 'RUB';
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
  return fromMinor(toMinor(toAmount(price)) * count);
}

/** The price of an option in the chosen display currency. */
export function pickPrice(option: { price_usd: unknown; price_rub: unknown }, currency: Currency): number {
  return toAmount(currency === 'USD' ? option.price_usd : option.price_rub);
}
