import { describe, expect, it } from 'vitest';
import { convertMinor, convertMinorInverse, inverseRate, rateChangeExceeds, rateChangePercent, rateToMicros } from './money';

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

/** A rate from 0.0001 to 99 999.999999 with up to six decimals, spread over every magnitude. */
function randomRate(random: () => number): string {
  const micros = Math.floor(10 ** (2 + random() * 9));
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
}

/** |result - exact| <= 1/2 minor unit, with exact = numerator / denominator, compared in integers. */
const withinHalfAUnit = (result: number, numerator: bigint, denominator: bigint) => {
  const error = BigInt(result) * 2n * denominator - 2n * numerator;
  return (error < 0n ? -error : error) <= denominator;
};

describe('converting by a rate', () => {
  const random = seeded(20261126);
  // Up to 100 000 000.00: every result stays a safe integer.
  const cases = Array.from({ length: 20_000 }, () => ({
    minor: Math.floor(10 ** (random() * 10)),
    rate: randomRate(random),
  }));

  it('dividing by a rate (RUB -> USD by USD->RUB) is never more than half a minor unit from the exact value', () => {
    for (const { minor, rate } of cases) {
      const result = convertMinorInverse(minor, rate);
      // exact = minor / rate = minor * 10^6 / micros.
      if (!withinHalfAUnit(result, BigInt(minor) * 1_000_000n, BigInt(rateToMicros(rate)))) {
        expect({ minor, rate, result }).toBe('within half a minor unit of minor / rate');
      }
    }
  });

  it('multiplying by a rate is never more than half a minor unit from the exact value', () => {
    for (const { minor, rate } of cases) {
      const result = convertMinor(minor, rate);
      if (!withinHalfAUnit(result, BigInt(minor) * BigInt(rateToMicros(rate)), 1_000_000n)) {
        expect({ minor, rate, result }).toBe('within half a minor unit of minor * rate');
      }
    }
  });

  it('the inverse is exact where a rounded 0.012658 is not', () => {
    // 7 900 000.00 RUB at 79 is 100 000.00 USD; through 0.012658 it would be 99 998.20.
    expect(convertMinorInverse(790_000_000, '79')).toBe(10_000_000);
    expect(convertMinor(790_000_000, '0.012658')).toBe(9_999_820);
  });
});

describe('inverseRate', () => {
  it('reads 1 / rate to eight significant digits, without trailing zeros', () => {
    expect(inverseRate('79')).toBe('0.012658228');
    expect(inverseRate('480.000000')).toBe('0.0020833333');
    expect(inverseRate('0.5')).toBe('2');
    expect(inverseRate('0.012658')).toBe('79.001422');
    expect(inverseRate('12650')).toBe('0.000079051383');
  });
});

describe('rate changes', () => {
  it('measures a change in percent of the current rate', () => {
    expect(rateChangePercent('79', '7900')).toBe(9900);
    expect(rateChangePercent('79', '80')).toBe(1.27);
    expect(rateChangePercent('80', '72')).toBe(10);
  });

  it('exceeds a threshold only when strictly beyond it', () => {
    expect(rateChangeExceeds('80', '88', '10')).toBe(false);
    expect(rateChangeExceeds('80', '88.000001', '10')).toBe(true);
    expect(rateChangeExceeds('80', '72', '10.00')).toBe(false);
    expect(rateChangeExceeds('80', '71.99', '10')).toBe(true);
  });
});
