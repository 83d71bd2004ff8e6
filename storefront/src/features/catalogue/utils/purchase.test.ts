import { describe, expect, it } from 'vitest';
import type { PriceOption } from '@topup/common/api';
import { flagImageByCode, isImageFlag } from './flags';
import { clampQuantity, optionKey, pageCount, pageItems, regionChoices, sortOptions } from './purchase';

const region = (id: number, flag: string, game_currency = '') => ({
  id,
  name: `R${id}`,
  code: `R${id}`,
  flag,
  game_currency,
});

describe('regionChoices', () => {
  it('offers global first when the product has global codes', () => {
    const choices = regionChoices({ hasRegions: true, hasGlobalCodes: true, regions: [region(3, '🇺🇸')], game_currency: 'USD' });
    expect(choices.map((c) => c.id)).toEqual([0, 3]);
    expect(choices[0]?.name).toBeNull();
  });

  it('offers only the regions when there are no global codes', () => {
    const choices = regionChoices({
      hasRegions: true,
      hasGlobalCodes: false,
      regions: [region(1, '🇹🇷', 'TRY'), region(2, '')],
      game_currency: 'USD',
    });
    expect(choices.map((c) => c.id)).toEqual([1, 2]);
    expect(choices[0]?.gameCurrency).toBe('TRY');
    expect(choices[1]?.gameCurrency).toBe('USD');
  });

  it("shows an admin's flag image, else the flag of the region's code, else the global flag", () => {
    const choices = regionChoices({
      hasRegions: true,
      hasGlobalCodes: true,
      regions: [{ ...region(1, '/flags/kz.png'), code: 'KZ' }, { ...region(2, '🇹🇷'), code: 'TR' }, { ...region(3, ''), code: 'GLOBAL' }],
      game_currency: 'USD',
    });
    const global = flagImageByCode('un');
    expect(global).toBeTruthy();
    expect(choices.map((choice) => choice.flagUrl)).toEqual([global, '/flags/kz.png', flagImageByCode('tr'), global]);
    expect(flagImageByCode('TR')).toMatch(/\btr\b.*\.svg/);
  });

  it('offers global when the product has no regions', () => {
    expect(regionChoices({ hasRegions: false, hasGlobalCodes: false, regions: [], game_currency: 'UC' }).map((c) => c.id)).toEqual([0]);
  });

  it('detects image flags', () => {
    expect(isImageFlag('https://x/y.png')).toBe(true);
    expect(isImageFlag('🇺🇸')).toBe(false);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 20 }, (_, i) => i);

  it('counts pages of 9', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(20)).toBe(3);
  });

  it('slices a page and clamps out-of-range pages', () => {
    expect(pageItems(items, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageItems(items, 2)).toEqual([18, 19]);
    expect(pageItems(items, 7)).toEqual([18, 19]);
    expect(pageItems(items, -1)).toEqual(pageItems(items, 0));
  });
});

describe('clampQuantity', () => {
  it('keeps the quantity between 1 and the available count', () => {
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity('4', 5)).toBe(4);
    expect(clampQuantity('x', 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(3, 0)).toBe(1);
  });
});

describe('options', () => {
  const option = (game_amount: number, available_count: number): PriceOption => ({
    game_amount,
    price_usd: game_amount,
    price_rub: game_amount * 79,
    available_count,
  });

  it('sorts by amount with sold-out options last', () => {
    expect(sortOptions([option(50, 1), option(5, 0), option(10, 3)]).map((o) => o.game_amount)).toEqual([10, 50, 5]);
  });

  it('keys options by amount and prices', () => {
    expect(optionKey(option(10, 1))).toBe('10|10|790');
  });
});
