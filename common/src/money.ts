/** Currencies a balance can be held in. */
export const BALANCE_CURRENCIES = ['usd', 'rub'] as const;
export type BalanceCurrency = (typeof BALANCE_CURRENCIES)[number];

/**
 * Currencies an order can be placed in: the balance currencies, and UZS, priced from USD at the store's
 * USD->UZS rate (usdToUzsMinor) and paid only through a gateway that takes sums (no balance holds UZS).
 */
export const ORDER_CURRENCIES = [...BALANCE_CURRENCIES, 'uzs'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** True when a balance can be held in the currency (an order in it may be paid from the balance). */
export function isBalanceCurrency(currency: string): currency is BalanceCurrency {
  return (BALANCE_CURRENCIES as readonly string[]).includes(currency);
}

/** Why a balance moved; the balance_ledger table checks the same list. */
export const LEDGER_REASONS = ['admin_topup', 'admin_adjustment', 'order_payment', 'order_refund', 'late_payment_credit', 'initial_grant'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Currencies the Steam calculation accepts as input. */
export const STEAM_INPUT_CURRENCIES = ['usd', 'rub', 'kzt'] as const;
export type SteamInputCurrency = (typeof STEAM_INPUT_CURRENCIES)[number];

/**
 * Decimal amount as the API speaks it (1.99) to integer minor units (199).
 * Rounds half away from zero on the third decimal so 0.1 + 0.2 style inputs land exactly.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100);
}

/** Integer minor units (199) to the API's decimal number (1.99). */
export function fromMinor(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
  return minor / 100;
}

export interface AmountFormat {
  /** 'symbol' (the default): "$1,234.50", "1 234,50 ₽", as the web apps show money. 'code': "1234.50 USD", as the API's messages write it. */
  display?: 'symbol' | 'code';
  /** Digits after the decimal separator: 2 unless said otherwise (the cart shows whole rubles); UZS, priced in whole sums, 0. */
  fractionDigits?: number;
}

/** Each currency is written the way its own users write it, whatever the interface language. */
const CURRENCY_LOCALES: Record<string, string> = { USD: 'en-US', RUB: 'ru-RU', KZT: 'ru-RU', UZS: 'ru-RU' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat is costly to build and amounts are formatted by the hundred: one per shape. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A decimal amount of `currency` as people read it: "$1,234.50", "1 234,50 ₽", or
 * with `display: 'code'` "1234.50 USD". Without a currency code the number stands alone.
 */
export function formatAmount(amount: number, currency: string, { display = 'symbol', fractionDigits }: AmountFormat = {}): string {
  const code = currency.trim().toUpperCase();
  const places = fractionDigits ?? (code === 'UZS' ? 0 : 2);
  const digits = { minimumFractionDigits: places, maximumFractionDigits: places };
  // 'negative': a sum that rounds to zero reads "$0.00", never "-$0.00".
  if (display === 'symbol' && /^[A-Z]{3}$/.test(code)) {
    // Any three letters are a well-formed code to Intl; one it has no symbol for is written as the code.
    const options = { style: 'currency', currency: code, signDisplay: 'negative', ...digits } as const;
    return numberFormat(CURRENCY_LOCALES[code] ?? 'en-US', options).format(amount);
  }
  const number = numberFormat('en-US', { useGrouping: false, signDisplay: 'negative', ...digits }).format(amount);
  return code === '' ? number : `${number} ${code}`;
}

/** "12.50 USD": how amounts of minor units read in messages shown to shoppers. */
export function formatMinor(minor: number, currency: string): string {
  return formatAmount(fromMinor(minor), currency, { display: 'code' });
}

/** True when a decimal amount has at most two fraction digits (a whole number of minor units). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(toMinor(amount) - amount * 100) < 1e-6;
}

/**
 * Converts minor units by an exchange rate given as a decimal string or number with up to 6 decimals
 * ("79", "0.0126"), rounding half up, using integer arithmetic only.
 */
export function convertMinor(minor: number, rate: string | number): number {
  return divideRoundingHalfUp(BigInt(minor) * BigInt(rateToMicros(rate)), 1_000_000n);
}

/** numerator / divisor (divisor > 0) rounded to the nearest integer, halves away from zero. */
function divideRoundingHalfUp(numerator: bigint, divisor: bigint): number {
  return Number((numerator * 2n + (numerator >= 0n ? divisor : -divisor)) / (2n * divisor));
}

/** A rate as an integer number of millionths, the precision `currency_rates.rate` keeps. */
export function rateToMicros(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(6) : rate.trim();
  const match = /^(\d+)(?:\.(\d{1,6})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a rate: ${rate}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/**
 * Converts minor units by the inverse of a rate (divides by it), rounding half up, integer arithmetic
 * only: RUB -> USD by the USD->RUB rate, the one row its pair keeps. Never through a rounded
 * 0.012658: the division is exact and the result is rounded once.
 */
export function convertMinorInverse(minor: number, rate: string | number): number {
  const micros = BigInt(rateToMicros(rate));
  if (micros === 0n) throw new RangeError(`Cannot divide by a zero rate: ${rate}`);
  return divideRoundingHalfUp(BigInt(minor) * 1_000_000n, micros);
}

/**
 * A USD price (cents) in UZS minor units (tiyin) at the USD->UZS rate, rounded once, half away from
 * zero, to whole sums: sums are priced without tiyin (docs/architecture.md, "Minor units, rounded once").
 * 1.00 USD at 12650.5 is 12 651 sums, 1 265 100 tiyin.
 */
export function usdToUzsMinor(usdMinor: number, rateUsdUzs: string | number): number {
  return divideRoundingHalfUp(BigInt(usdMinor) * BigInt(rateToMicros(rateUsdUzs)), 100n * 1_000_000n) * 100;
}

/**
 * 1 / rate as a decimal string with `significantDigits` significant digits, rounded half up, for
 * reading ("79" -> "0.012658228"). Conversions divide by the rate instead (convertMinorInverse).
 */
export function inverseRate(rate: string | number, significantDigits = 8): string {
  const micros = BigInt(rateToMicros(rate));
  if (micros === 0n) throw new RangeError(`Cannot invert a zero rate: ${rate}`);
  const smallest = 10n ** BigInt(significantDigits - 1);
  // 1 / rate = 10^6 / micros; scaled by 10^scale until it has the digits asked for.
  let scale = 0;
  while ((1_000_000n * 10n ** BigInt(scale)) / micros < smallest) scale += 1;
  const numerator = 1_000_000n * 10n ** BigInt(scale);
  const digits = ((numerator * 2n + micros) / (micros * 2n)).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** How much `next` differs from `current`, percent of `current`, to two decimals (79 -> 7900: 9900). */
export function rateChangePercent(current: string | number, next: string | number): number {
  const before = BigInt(rateToMicros(current));
  const difference = BigInt(rateToMicros(next)) - before;
  const magnitude = difference < 0n ? -difference : difference;
  return divideRoundingHalfUp(magnitude * 10_000n, before) / 100;
}

/** True when `next` differs from `current` by more than `percent` % of it: exact, never a rounded percentage. */
export function rateChangeExceeds(current: string | number, next: string | number, percent: string | number): boolean {
  const before = BigInt(rateToMicros(current));
  const difference = BigInt(rateToMicros(next)) - before;
  const magnitude = difference < 0n ? -difference : difference;
  // |next - current| / current > percent / 100, all in millionths.
  return magnitude * 100n * 1_000_000n > BigInt(rateToMicros(percent)) * before;
}

/**
 * `percent` % of an amount of minor units ("3" or "3.00" -> 3 %), rounding half up, integer arithmetic
 * only: the Steam commission.
 */
export function percentOfMinor(minor: number, percent: string | number): number {
  return divideRoundingHalfUp(BigInt(minor) * BigInt(rateToMicros(percent)), 100n * 1_000_000n);
}
