import { describe, expect, it } from 'vitest';
import { priceSteam, steamAmountError, steamPayoutRub, type SteamToUsd } from './steam-pricing';

/** A small seeded generator (mulberry32): the same "random" cases on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A decimal string as an exact fraction, read digit by digit here so the test does not lean on the code under test. */
type Fraction = [numerator: bigint, denominator: bigint];
function fraction(decimal: string): Fraction {
  const [whole = '0', fractionDigits = ''] = decimal.split('.');
  return [BigInt(whole + fractionDigits), 10n ** BigInt(fractionDigits.length)];
}
const multiply = (...factors: Fraction[]): Fraction =>
  factors.reduce<Fraction>(([n, d], [fn, fd]) => [n * fn, d * fd], [1n, 1n]);
const invert = ([n, d]: Fraction): Fraction => [d, n];

/** |result - exact| <= 1/2 minor unit, compared in integers. */
function withinHalfAUnit(result: number, [numerator, denominator]: Fraction): boolean {
  const error = BigInt(result) * 2n * denominator - 2n * numerator;
  return (error < 0n ? -error : error) <= denominator;
}

/** A decimal with up to `decimals` places between 10^lowPower and 10^highPower, spread over every magnitude. */
function randomDecimal(random: () => number, lowPower: number, highPower: number, decimals: number): string {
  const scaled = Math.max(1, Math.floor(10 ** (lowPower + decimals + random() * (highPower - lowPower))));
  const text = String(scaled).padStart(decimals + 1, '0');
  return `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
}

describe('Steam pricing', () => {
  it("prices the issue's examples exactly: 1000 RUB and 500 RUB at USD->RUB 79, 5000 KZT at USD->KZT 480, 3 %", () => {
    const rub = (amount: number, toUsd: SteamToUsd) =>
      priceSteam({ amount, toUsd, commissionPercent: '3', usdRub: '79', balanceCurrency: 'rub' }).totalInBalanceCurrency;
    expect(rub(100_000, { divideBy: '79' })).toBe(103_000);
    expect(rub(50_000, { divideBy: '79' })).toBe(51_500);
    // 5000 / 480 * 1.03 * 79 = 847.604166…
    expect(rub(500_000, { divideBy: '480' })).toBe(84_760);
  });

  it('reports each figure rounded once: the USD amount, the commission, both totals and the amount in RUB', () => {
    const price = priceSteam({ amount: 500_000, toUsd: { divideBy: '480.000000' }, commissionPercent: '3.00', usdRub: '79.000000', balanceCurrency: 'usd' });
    // 10.41666… USD; 0.3125 commission; 10.729166… total; 822.9166… RUB; 847.604166… RUB.
    expect(price).toEqual({ amountUsd: 1042, commissionUsd: 31, totalUsd: 1073, amountRub: 82_292, totalRub: 84_760, totalInBalanceCurrency: 1073 });
  });

  it('takes a direct X->USD rate by multiplying', () => {
    const price = priceSteam({ amount: 100_000, toUsd: { multiplyBy: '0.0125' }, commissionPercent: '5.5', usdRub: '80', balanceCurrency: 'usd' });
    // 12.5 USD + 5.5 % = 13.1875 -> 13.19.
    expect(price.totalUsd).toBe(1319);
    expect(price.commissionUsd).toBe(69);
  });

  it('is never more than half a minor unit from the exact value, over many amounts, rates, commissions and input currencies', () => {
    const random = seeded(20261127);
    for (let i = 0; i < 20_000; i += 1) {
      // 1.00 to 10 000 000.00 of the input currency.
      const amount = Math.floor(100 * 10 ** (random() * 7));
      // Rates from 0.001 to 1000 keep every figure a safe integer.
      const rate = randomDecimal(random, -3, 3, 6);
      const usdRub = randomDecimal(random, 0, 3, 6);
      const commissionPercent = randomDecimal(random, -1, 2, 2);
      const kind = Math.floor(random() * 3);
      const toUsd: SteamToUsd = kind === 0 ? 'usd' : kind === 1 ? { multiplyBy: rate } : { divideBy: rate };
      const balanceCurrency = random() < 0.5 ? 'usd' : 'rub';
      const price = priceSteam({ amount, toUsd, commissionPercent, usdRub, balanceCurrency });

      const usd = multiply([BigInt(amount), 1n], kind === 0 ? [1n, 1n] : kind === 1 ? fraction(rate) : invert(fraction(rate)));
      const percent = fraction(commissionPercent);
      const withCommission = multiply(usd, [percent[1] * 100n + percent[0], percent[1] * 100n]);
      const expected: Array<[number, Fraction]> = [
        [price.amountUsd, usd],
        [price.commissionUsd, multiply(usd, percent, [1n, 100n])],
        [price.totalUsd, withCommission],
        [price.amountRub, multiply(usd, fraction(usdRub))],
        [price.totalRub, multiply(withCommission, fraction(usdRub))],
        [price.totalInBalanceCurrency, balanceCurrency === 'usd' ? withCommission : multiply(withCommission, fraction(usdRub))],
      ];
      for (const [result, exact] of expected) {
        if (!withinHalfAUnit(result, exact)) {
          throw new Error(`${result} is not within half a unit of ${exact[0]}/${exact[1]} for ${JSON.stringify({ amount, toUsd, commissionPercent, usdRub })}`);
        }
      }
    }
  });
});

describe('a Steam amount', () => {
  it.each([[1], [1.5], [5000], [10_000_000]])('%j can be ordered', (amount) => {
    expect(steamAmountError(amount)).toBeNull();
  });

  it.each([
    [0.5, 'steam_amount_below_minimum'],
    [0.99, 'steam_amount_below_minimum'],
    [0, 'steam_amount_below_minimum'],
    [-5, 'steam_amount_below_minimum'],
    [Number.NaN, 'steam_amount_below_minimum'],
    [10_000_000.01, 'steam_amount_above_maximum'],
    [10.001, 'steam_amount_decimals'],
  ])('%j is refused: %s', (amount, error) => {
    expect(steamAmountError(amount)).toBe(error);
  });
});

describe('a Steam payout', () => {
  it("is the amount itself when entered in RUB, else its RUB value at the order's rate as priced (the amount before commission)", () => {
    expect(steamPayoutRub({ amount: 1234.5, input_currency: 'rub', price_rub: 1234.49 })).toBe(123_450);
    // 10 USD at USD to RUB 79, and 5000 KZT at KZT to USD 0.002083 and USD to RUB 79 (822.785, rounded once).
    expect(steamPayoutRub({ amount: 10, input_currency: 'usd', price_rub: 790 })).toBe(79_000);
    expect(steamPayoutRub({ amount: 5000, input_currency: 'kzt', price_rub: 822.79 })).toBe(82_279);
    const { amountRub } = priceSteam({ amount: 500_000, toUsd: { multiplyBy: '0.002083' }, commissionPercent: '3', usdRub: '79', balanceCurrency: 'usd' });
    expect(amountRub).toBe(82_279);
  });
});
