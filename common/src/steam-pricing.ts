import { hasAtMostTwoDecimals, rateToMicros, toMinor, type BalanceCurrency } from './money';

/** The Steam wallet amounts the store accepts, in the input currency (the field's minimum is 1). */
export const STEAM_MIN_AMOUNT = 1;
/** Largest Steam top-up in its input currency: a typo guard (KZT amounts run into the hundreds of thousands). */
export const MAX_STEAM_AMOUNT = 10_000_000;

/** How an input currency reaches USD: by its own X->USD rate, or by dividing by the USD->X rate (the one row of the pair). */
export type SteamToUsd = { multiplyBy: string } | { divideBy: string } | 'usd';

export interface SteamPricingInput {
  /** The wallet amount, minor units of the input currency. */
  amount: number;
  toUsd: SteamToUsd;
  /** The commission setting, percent ("3", "5.5"). */
  commissionPercent: string;
  /** The store's USD->RUB rate. */
  usdRub: string;
  balanceCurrency: BalanceCurrency;
}

/** A Steam top-up priced, every figure in minor units, each rounded once from the exact value. */
export interface SteamPrice {
  /** The wallet amount in USD, before commission. */
  amountUsd: number;
  /** The commission in USD. */
  commissionUsd: number;
  /** Amount and commission in USD: what a USD balance pays. */
  totalUsd: number;
  /** The wallet amount in RUB, before commission (the checkout's price_rub). */
  amountRub: number;
  /** Amount and commission in RUB: what a RUB balance pays. */
  totalRub: number;
  /** What the balance is charged: totalUsd or totalRub. */
  totalInBalanceCurrency: number;
}

/** An exact non-negative rational number of minor units. */
interface Exact {
  numerator: bigint;
  denominator: bigint;
}

const MICROS = 1_000_000n;

const micros = (decimal: string): bigint => BigInt(rateToMicros(decimal));

const times = (value: Exact, numerator: bigint, denominator: bigint): Exact => ({
  numerator: value.numerator * numerator,
  denominator: value.denominator * denominator,
});

/** The nearest whole number of minor units, halves up: the only rounding a Steam price sees. */
function rounded({ numerator, denominator }: Exact): number {
  const result = Number((numerator * 2n + denominator) / (denominator * 2n));
  if (!Number.isSafeInteger(result)) throw new RangeError('A Steam price beyond any amount the store can hold');
  return result;
}

/**
 * Steam pricing: the amount goes to USD by the rate, the commission
 * is added in USD, and the total goes to the balance currency. Every step is exact (rates and the
 * percent are decimals with up to 6 places, so a fraction of integers holds them) and each figure is
 * rounded once, at the end: 1000 RUB at USD->RUB 79 with 3 % is exactly 1030.00 RUB.
 */
export function priceSteam(input: SteamPricingInput): SteamPrice {
  if (!Number.isSafeInteger(input.amount) || input.amount < 0) throw new RangeError(`Not an amount of minor units: ${input.amount}`);
  const amount: Exact = { numerator: BigInt(input.amount), denominator: 1n };
  const { toUsd } = input;
  let amountUsd: Exact;
  if (toUsd === 'usd') amountUsd = amount;
  else if ('multiplyBy' in toUsd) amountUsd = times(amount, micros(toUsd.multiplyBy), MICROS);
  else {
    const divisor = micros(toUsd.divideBy);
    if (divisor === 0n) throw new RangeError(`Cannot divide by a zero rate: ${toUsd.divideBy}`);
    amountUsd = times(amount, MICROS, divisor);
  }
  const percent = micros(input.commissionPercent);
  const commissionUsd = times(amountUsd, percent, 100n * MICROS);
  const totalUsd = times(amountUsd, 100n * MICROS + percent, 100n * MICROS);
  const usdRub = micros(input.usdRub);
  const totalRub = rounded(times(totalUsd, usdRub, MICROS));
  const price = {
    amountUsd: rounded(amountUsd),
    commissionUsd: rounded(commissionUsd),
    totalUsd: rounded(totalUsd),
    amountRub: rounded(times(amountUsd, usdRub, MICROS)),
    totalRub,
  };
  return { ...price, totalInBalanceCurrency: input.balanceCurrency === 'rub' ? price.totalRub : price.totalUsd };
}

/** Why a Steam amount cannot be ordered: the message key the API answers and the storefront translates. */
export type SteamAmountError = 'steam_amount_below_minimum' | 'steam_amount_above_maximum' | 'steam_amount_decimals';

/** Why a typed Steam amount cannot be ordered, or null: at least 1 and at most MAX_STEAM_AMOUNT, with at most 2 decimals. */
export function steamAmountError(amount: number): SteamAmountError | null {
  if (!Number.isFinite(amount) || amount < STEAM_MIN_AMOUNT) return 'steam_amount_below_minimum';
  if (amount > MAX_STEAM_AMOUNT) return 'steam_amount_above_maximum';
  if (!hasAtMostTwoDecimals(amount)) return 'steam_amount_decimals';
  return null;
}

/**
 * What a Steam top-up pays into the wallet, in kopecks: Steam wallets are paid out in RUB, so an amount entered in
 * RUB is paid as it is, and one entered in USD or KZT as its RUB value at the order's rate, which the checkout
 * priced it at and the order keeps (`price_rub`, the amount before commission, rounded once).
 */
export const steamPayoutRub = (topup: { amount: number; input_currency: string; price_rub: number }): number =>
  toMinor(topup.input_currency === 'rub' ? topup.amount : topup.price_rub);
