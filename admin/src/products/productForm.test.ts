import { describe, expect, it } from 'vitest';
import { chosenRegionIds, regionCurrencyChanges, regionCurrencyValues, sameIds } from './productForm';

const saved = {
  regionIds: [1, 2],
  regions: [
    { regionId: 1, name: 'Türkiye', gameCurrency: 'TRY' },
    { regionId: 2, name: 'United States', gameCurrency: '' },
  ],
};

describe('product regions in the form', () => {
  it('turns the saved game currencies into form values and back into the changes to save', () => {
    const values = regionCurrencyValues(saved);
    expect(values).toEqual({ r1: 'TRY', r2: '' });
    expect(regionCurrencyChanges([1, 2], values, saved)).toEqual([]);
    expect(regionCurrencyChanges([1, 2], { r1: ' Lira ', r2: '' }, saved)).toEqual([{ regionId: 1, gameCurrency: 'Lira' }]);
    expect(regionCurrencyChanges([1, 2], { r1: '', r2: 'USD' }, saved)).toEqual([
      { regionId: 1, gameCurrency: '' },
      { regionId: 2, gameCurrency: 'USD' },
    ]);
  });

  it('saves a currency for a region just added only when one is typed', () => {
    expect(regionCurrencyChanges([1, 2, 3], { r1: 'TRY', r2: '' }, saved)).toEqual([]);
    expect(regionCurrencyChanges([3], { r3: 'EUR' }, undefined)).toEqual([{ regionId: 3, gameCurrency: 'EUR' }]);
  });

  it('reads chosen region ids and compares sets', () => {
    expect(chosenRegionIds([3, '1', 3, null, 'x'])).toEqual([1, 3]);
    expect(chosenRegionIds(undefined)).toEqual([]);
    expect(sameIds([2, 1], [1, 2])).toBe(true);
    expect(sameIds([1], [1, 2])).toBe(false);
  });
});
