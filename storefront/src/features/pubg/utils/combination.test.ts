import { describe, expect, it } from 'vitest';
import { CUSTOM_UC_MAX, PUBG_QUICK_PICKS } from '@topup/common';
import { applyCustomUc, combinePackages, customUcEffect, sanitizeCustomUc } from './combination';

/** The demo store's packages, given in a shuffled order (the rule must not depend on it). */
const PACKAGES = [1800, 60, 8100, 325, 3850, 660].map((uc) => ({ id: uc, uc_amount: uc }));
const uc = (chosen: Array<{ uc_amount: number }>) => chosen.map((pkg) => pkg.uc_amount);
const sum = (chosen: Array<{ uc_amount: number }>) => chosen.reduce((total, pkg) => total + pkg.uc_amount, 0);

describe('combinePackages', () => {
  it('builds the quick picks 385, 720 and 1920 UC from the standard packages', () => {
    expect(uc(combinePackages(PACKAGES, 385))).toEqual([325, 60]);
    expect(uc(combinePackages(PACKAGES, 720))).toEqual([660, 60]);
    expect(uc(combinePackages(PACKAGES, 1920))).toEqual([1800, 60, 60]);
    for (const pick of PUBG_QUICK_PICKS) expect(sum(combinePackages(PACKAGES, pick))).toBe(pick);
  });

  it('covers 1 UC with the smallest package', () => {
    expect(uc(combinePackages(PACKAGES, 1))).toEqual([60]);
  });

  it('handles the maximum of 100000 UC: largest packages first, then the smallest one covering the rest', () => {
    const chosen = combinePackages(PACKAGES, CUSTOM_UC_MAX);
    // 12 x 8100 = 97200 (2800 left), 1800 (1000 left), 660 (340 left), 325 (15 left), then 60 covers the 15.
    expect(uc(chosen)).toEqual([...Array<number>(12).fill(8100), 1800, 660, 325, 60]);
    expect(sum(chosen)).toBe(100_045);
  });

  it('takes exactly the packages when the amount equals a package or a sum of packages', () => {
    expect(uc(combinePackages(PACKAGES, 60))).toEqual([60]);
    expect(uc(combinePackages(PACKAGES, 8100))).toEqual([8100]);
    expect(uc(combinePackages(PACKAGES, 8100 + 3850))).toEqual([8100, 3850]);
    expect(uc(combinePackages(PACKAGES, 16_200))).toEqual([8100, 8100]);
    expect(uc(combinePackages(PACKAGES, 660 + 325 + 60))).toEqual([660, 325, 60]);
  });

  it('adds the smallest package that covers a remainder below every package', () => {
    // 100 = 60 + 40 left: the smallest package covering 40 is 60.
    expect(uc(combinePackages(PACKAGES, 100))).toEqual([60, 60]);
    // 8150 = 8100 + 50 left.
    expect(uc(combinePackages(PACKAGES, 8150))).toEqual([8100, 60]);
  });

  it('covers the remainder with a bigger package when no small one is offered', () => {
    const packages = [
      { id: 1, uc_amount: 500 },
      { id: 2, uc_amount: 300 },
    ];
    // 1000 = 500 + 500; 1250 = 500 + 500 + 250 left -> 300 covers it.
    expect(uc(combinePackages(packages, 1000))).toEqual([500, 500]);
    expect(uc(combinePackages(packages, 1250))).toEqual([500, 500, 300]);
    // 100 is below both: the smallest covering package is 300.
    expect(uc(combinePackages(packages, 100))).toEqual([300]);
  });

  it('keeps the package objects, so ids and prices come along', () => {
    const packages = [{ id: 7, uc_amount: 60, price_usd: 0.99, price_rub: 78.21 }];
    expect(combinePackages(packages, 120)).toEqual([packages[0], packages[0]]);
  });

  it('chooses nothing without packages, for 0, above the maximum or for fractions', () => {
    expect(combinePackages([], 385)).toEqual([]);
    expect(combinePackages(PACKAGES, 0)).toEqual([]);
    expect(combinePackages(PACKAGES, -60)).toEqual([]);
    expect(combinePackages(PACKAGES, CUSTOM_UC_MAX + 1)).toEqual([]);
    expect(combinePackages(PACKAGES, 60.5)).toEqual([]);
    expect(combinePackages([{ id: 1, uc_amount: 0 }], 10)).toEqual([]);
  });
});

describe('custom UC input', () => {
  it('keeps digits only', () => {
    expect(sanitizeCustomUc('1 920 UC')).toBe('1920');
    expect(sanitizeCustomUc('-385')).toBe('385');
    expect(sanitizeCustomUc('12.5')).toBe('125');
    expect(sanitizeCustomUc('abc')).toBe('');
    expect(sanitizeCustomUc('١٢')).toBe('');
  });

  it('stops one digit past the maximum, so a too large amount can still be shown', () => {
    expect(sanitizeCustomUc('123456789')).toBe('1234567');
  });

  it('combines 1 to 100000, clears for 0 or nothing, leaves the selection for more', () => {
    expect(customUcEffect('1')).toEqual({ kind: 'combine', amount: 1 });
    expect(customUcEffect('100000')).toEqual({ kind: 'combine', amount: 100_000 });
    expect(customUcEffect('00385')).toEqual({ kind: 'combine', amount: 385 });
    expect(customUcEffect('0')).toEqual({ kind: 'clear' });
    expect(customUcEffect('000')).toEqual({ kind: 'clear' });
    expect(customUcEffect('')).toEqual({ kind: 'clear' });
    expect(customUcEffect('100001')).toEqual({ kind: 'keep' });
  });

  it('replaces the selection with the combination of a typed amount', () => {
    expect(applyCustomUc('720', PACKAGES, [8100])).toEqual({ text: '720', selection: [660, 60] });
    expect(applyCustomUc('7 2 0 UC', PACKAGES, [])).toEqual({ text: '720', selection: [660, 60] });
  });

  it('clears the selection for 0 and keeps it for an amount above the maximum', () => {
    expect(applyCustomUc('0', PACKAGES, [660, 60])).toEqual({ text: '0', selection: [] });
    expect(applyCustomUc('', PACKAGES, [660, 60])).toEqual({ text: '', selection: [] });
    expect(applyCustomUc('250000', PACKAGES, [660, 60])).toEqual({ text: '250000', selection: [660, 60] });
  });

  it('chooses nothing while no packages are offered', () => {
    expect(applyCustomUc('385', [], [])).toEqual({ text: '385', selection: [] });
  });
});
