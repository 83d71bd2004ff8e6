import { type BalanceCurrency, formatAmount, fromMinor, toMinor } from '@topup/common';

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

/** A stored or received currency code; anything unknown falls back to RUB (spec section 4). */
export function parseCurrency(value: unknown): Currency {
  if (typeof value !== 'string') return DEFAULT_CURRENCY;
  const upper = value.trim().toUpperCase();
  return (CURRENCIES as readonly string[]).includes(upper) ? (upper as Currency) : DEFAULT_CURRENCY;
}

/** Prices may arrive as numbers or numeric strings; anything invalid counts as 0 (spec section 9). */
export function toAmount(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : 0;
}

/** Price times quantity, computed in minor units so no float error creeps into the total. */
export function lineTotal(price: unknown, quantity: number): number {
  const count = Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0;
  return fromMinor(toMinor(toAmount(price)) * count);
}

export type MoneyContext = 'default' | 'cart';

export interface FormatMoneyOptions {
  /** 'cart' shows RUB without kopecks; everywhere else RUB has 2 decimals. */
  context?: MoneyContext;
}

export function fractionDigits(currency: Currency, context: MoneyContext = 'default'): number {
  return currency === 'RUB' && context === 'cart' ? 0 : 2;
}

/**
 * USD: $ before the number, 2 decimals ("$1,234.50"). RUB: ₽ after the number, 0 decimals in the
 * cart and 2 elsewhere ("1 234,50 ₽") (spec section 9).
 */
export function formatMoney(amount: unknown, currency: Currency, options: FormatMoneyOptions = {}): string {
  return formatAmount(toAmount(amount), currency, { fractionDigits: fractionDigits(currency, options.context) });
}

const INTL_LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', uz: 'uz-Latn-UZ' };

/** The Intl locale for a UI language (en, ru, uz). */
export function intlLocale(language: string | undefined): string {
  return INTL_LOCALES[language ?? 'ru'] ?? language ?? 'ru-RU';
}

/** A plain number (game amounts, counts) in the UI language's digit grouping. */
export function formatNumber(value: number, language?: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language)).format(value);
  } catch {
    return String(value);
  }
}

/** The price of an option in the chosen display currency. */
export function pickPrice(option: { price_usd: unknown; price_rub: unknown }, currency: Currency): number {
  return toAmount(currency === 'USD' ? option.price_usd : option.price_rub);
}
