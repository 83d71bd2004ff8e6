import { describe, expect, it } from 'vitest';
import { convertMinor, convertMinorInverse, percentOfMinor } from './money';
import { pubgCombination } from './rules';

const PACKAGES = [60, 325, 660, 1800, 3850, 8100].map((uc, index) => ({ id: index + 1, uc_amount: uc }));
const uc = (chosen: Array<{ uc_amount: number }>) => chosen.map((pkg) => pkg.uc_amount);

describe('pubgCombination', () => {
  it('makes the quick picks exactly from the standard packages', () => {
    expect(uc(pubgCombination(PACKAGES, 385))).toEqual([325, 60]);
    expect(uc(pubgCombination(PACKAGES, 720))).toEqual([660, 60]);
    expect(uc(pubgCombination(PACKAGES, 1920))).toEqual([1800, 60, 60]);
  });

  it('takes the largest packages as often as they fit, then the smallest package covering the rest', () => {
    expect(uc(pubgCombination(PACKAGES, 16_250))).toEqual([8100, 8100, 60]);
    expect(uc(pubgCombination(PACKAGES, 1))).toEqual([60]);
    expect(uc(pubgCombination([{ id: 1, uc_amount: 500 }, { id: 2, uc_amount: 100 }], 1250))).toEqual([500, 500, 100, 100, 100]);
  });

  it('chooses nothing for 0, more than 100000, fractions or no packages', () => {
    expect(pubgCombination(PACKAGES, 0)).toEqual([]);
    expect(pubgCombination(PACKAGES, 100_001)).toEqual([]);
    expect(pubgCombination(PACKAGES, 10.5)).toEqual([]);
    expect(pubgCombination([], 100)).toEqual([]);
  });
});

describe('Steam money helpers', () => {
  it('divides by a rate with half-up rounding', () => {
    expect(convertMinorInverse(790_000, '79')).toBe(10_000);
    expect(convertMinorInverse(100, '79.000000')).toBe(1);
    expect(convertMinorInverse(150, '100')).toBe(2);
    expect(convertMinorInverse(149, '100')).toBe(1);
  });

  it('takes a percentage of minor units exactly', () => {
    expect(percentOfMinor(1000, '3.00')).toBe(30);
    expect(percentOfMinor(1050, '3')).toBe(32);
    expect(percentOfMinor(1234, '2.5')).toBe(31);
    expect(percentOfMinor(1234, '0')).toBe(0);
    expect(convertMinor(1030, '79')).toBe(81_370);
  });
});
