import { describe, expect, it } from 'vitest';
import { pickFields } from './payload';
import { progressPercent } from './progress';
import { validatePositiveInteger, validatePrice } from './validators';

describe('validatePrice', () => {
  it('accepts amounts of 0 or more with at most two decimals, and leaves empty values to required()', () => {
    for (const ok of [0, 4.99, '394.21', 100, 0.1 + 0.2, undefined, null, '']) expect(validatePrice(ok)).toBeUndefined();
    for (const bad of [-1, 4.999, 'abc', Number.NaN]) expect(validatePrice(bad)).toBe('catalogue.validation.price');
  });
});

describe('validatePositiveInteger', () => {
  it('accepts whole numbers above 0', () => {
    for (const ok of [1, 500, '20', undefined, '']) expect(validatePositiveInteger(ok)).toBeUndefined();
    for (const bad of [0, -3, 2.5, 'x']) expect(validatePositiveInteger(bad)).toBe('catalogue.validation.positive_integer');
  });
});

describe('progressPercent', () => {
  it('is a whole percent from 0 to 100', () => {
    expect(progressPercent(0, 20)).toBe(0);
    expect(progressPercent(7, 20)).toBe(35);
    expect(progressPercent(99_999, 100_000)).toBe(99);
    expect(progressPercent(20, 20)).toBe(100);
    expect(progressPercent(30, 20)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe('pickFields', () => {
  it('keeps only the listed fields that are set', () => {
    expect(pickFields({ id: 1, title: 'T', active: false, createdAt: 'x', slug: undefined }, ['title', 'active', 'slug'])).toEqual({
      title: 'T',
      active: false,
    });
  });
});
