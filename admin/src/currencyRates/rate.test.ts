import { describe, expect, it } from 'vitest';
import { formatRate, validateRate } from './rate';

describe('validateRate', () => {
  it('accepts positive rates with up to six decimals', () => {
    for (const value of ['79', '79.5', '0.012658', 480, '  12650 ']) expect(validateRate(value)).toBeUndefined();
  });

  it('refuses zero, negatives, too many decimals and text', () => {
    for (const value of ['0', '0.000000', '-1', '1.1234567', 'abc', '1e3', '079']) {
      expect(validateRate(value)).toBe('resources.currencyRates.validation.rate');
    }
  });

  it('leaves empty values to the required validator', () => {
    expect(validateRate('')).toBeUndefined();
    expect(validateRate(undefined)).toBeUndefined();
  });
});

describe('formatRate', () => {
  it('drops trailing zeros of the stored six decimals', () => {
    expect(formatRate('79.000000')).toBe('79');
    expect(formatRate('0.012650')).toBe('0.01265');
    expect(formatRate('12650')).toBe('12650');
  });
});
