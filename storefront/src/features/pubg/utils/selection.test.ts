import { describe, expect, it } from 'vitest';
import type { PubgPackage } from '@topup/common/api';
import { canTopUpPubg, countOf, summarizeSelection, togglePackage } from './selection';

// The string prices check the specification's rule that prices given as text are parsed.
const PACKAGES = [
  { id: 1, uc_amount: 60, price_usd: 0.99, price_rub: 78.21 },
  { id: 2, uc_amount: 325, price_usd: 4.99, price_rub: 394.21 },
  { id: 3, uc_amount: 660, price_usd: '9.99', price_rub: '789.21' },
] as unknown as PubgPackage[];

describe('togglePackage', () => {
  it('adds a package that is not chosen, once', () => {
    expect(togglePackage([], 2)).toEqual([2]);
    expect(togglePackage([1], 2)).toEqual([1, 2]);
  });

  it('removes a chosen package, every time it was chosen', () => {
    expect(togglePackage([2], 2)).toEqual([]);
    expect(togglePackage([3, 1, 1], 1)).toEqual([3]);
  });

  it('counts how often a package is chosen', () => {
    expect(countOf([3, 1, 1], 1)).toBe(2);
    expect(countOf([3, 1, 1], 2)).toBe(0);
  });
});

describe('summarizeSelection', () => {
  it('sums UC and both prices without float error, one line per package, largest first', () => {
    const summary = summarizeSelection([1, 3, 1, 2], PACKAGES);
    expect(summary.totalUc).toBe(60 + 660 + 60 + 325);
    expect(summary.totalUsd).toBe(16.96);
    expect(summary.totalRub).toBe(1339.84);
    expect(summary.lines.map((line) => [line.package.uc_amount, line.count])).toEqual([
      [660, 1],
      [325, 1],
      [60, 2],
    ]);
    expect(summary.packages.map((pkg) => pkg.id)).toEqual([1, 3, 1, 2]);
  });

  it('adds 0.1-style prices exactly', () => {
    const packages: PubgPackage[] = [{ id: 9, uc_amount: 10, name: '', price_usd: 0.1, price_rub: 0.2 }];
    const summary = summarizeSelection([9, 9, 9], packages);
    expect(summary.totalUsd).toBe(0.3);
    expect(summary.totalRub).toBe(0.6);
  });

  it('drops packages that are no longer offered', () => {
    const summary = summarizeSelection([1, 42], PACKAGES);
    expect(summary.packages.map((pkg) => pkg.id)).toEqual([1]);
    expect(summary.totalUc).toBe(60);
  });

  it('is empty for no selection', () => {
    expect(summarizeSelection([], PACKAGES)).toEqual({ lines: [], packages: [], totalUc: 0, totalUsd: 0, totalRub: 0 });
  });
});

describe('canTopUpPubg', () => {
  const ready = { busy: false, playerId: '123456789', packageCount: 2, verifiedName: 'Player6789' };

  it('is enabled with packages, an id and a verified player', () => {
    expect(canTopUpPubg(ready)).toBe(true);
  });

  it('is disabled while busy, without an id, without packages or without a verified player', () => {
    expect(canTopUpPubg({ ...ready, busy: true })).toBe(false);
    expect(canTopUpPubg({ ...ready, playerId: '   ' })).toBe(false);
    expect(canTopUpPubg({ ...ready, packageCount: 0 })).toBe(false);
    expect(canTopUpPubg({ ...ready, verifiedName: null })).toBe(false);
  });
});
