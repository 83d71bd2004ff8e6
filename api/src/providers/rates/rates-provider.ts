/**
 * Where the daily rate update gets its exchange rates (README, Configuration: RATES_PROVIDER). A provider
 * answers with one table: how many units of its base currency one unit of each currency it quotes
 * is worth, as exact fractions. The store derives every pair it keeps from that table, so a
 * provider never has to know which pairs the back office holds.
 */
export interface RatesProvider {
  /** RATES_PROVIDER name, recorded with each run. */
  readonly name: string;
  /** The source's current table; rejects when the source cannot be reached or answers nonsense. */
  fetchTable(): Promise<RateTable>;
}

/** An exact positive fraction: never a float on the way to a stored rate. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export interface RateTable {
  /** Lowercase ISO 4217 code every quote is in ('rub' for the Central Bank of Russia). */
  base: string;
  /** The day the source says its rates are for (YYYY-MM-DD). */
  date: string;
  /** Units of `base` per one unit of each quoted currency, by lowercase code. */
  quotes: ReadonlyMap<string, Fraction>;
}

/** Digits after the point that `currency_rates.rate` keeps (numeric(18, 6)). */
export const RATE_DECIMALS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

function perUnitOf(table: RateTable, currency: string): Fraction | undefined {
  return currency === table.base ? { numerator: 1n, denominator: 1n } : table.quotes.get(currency);
}

/**
 * Units of `to` per unit of `from` by the table, rounded half up to six decimals ("480.000000"),
 * or undefined when the table cannot price the pair (a currency it does not quote, or a rate that
 * rounds to zero). Integer arithmetic only.
 */
export function rateBetween(table: RateTable, from: string, to: string): string | undefined {
  const fromValue = perUnitOf(table, from);
  const toValue = perUnitOf(table, to);
  if (!fromValue || !toValue || from === to) return undefined;
  // (from.n / from.d) / (to.n / to.d), scaled by 10^6 and rounded half up.
  const numerator = fromValue.numerator * toValue.denominator * RATE_SCALE;
  const denominator = fromValue.denominator * toValue.numerator;
  const scaled = (numerator * 2n + denominator) / (denominator * 2n);
  if (scaled <= 0n) return undefined;
  const fraction = (scaled % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0');
  return `${scaled / RATE_SCALE}.${fraction}`;
}
