import { describe, expect, it } from 'vitest';
import { formatRate, RATE_FORMAT_OPTIONS, rateFromInput, validateRate } from './rate';

describe('validateRate', () => {
  it('accepts positive rates with up to six decimals', () => {
    for (const value of ['79', '79.5', '0.012658', 480, '  12650 ']) expect(validateRate(value)).toBeUndefined();
  });

  it('takes a decimal comma and spaces between digit groups, as Russian writes a number', () => {
    for (const value of ['540,5', ' 80,9834 ', '12 650', '12\u00a0650,25']) expect(validateRate(value)).toBeUndefined();
    expect(rateFromInput('540,5')).toBe('540.5');
    expect(rateFromInput('12\u00a0650,25')).toBe('12650.25');
  });

  it('refuses zero, negatives, too many decimals and text', () => {
    for (const value of ['0', '0.000000', '-1', '1.1234567', 'abc', '1e3', '079', '1,2,3', '1,2.3']) {
      expect(validateRate(value)).toBe('resources.currencyRates.validation.rate');
    }
  });

  it('leaves empty values to the required validator', () => {
    expect(validateRate('')).toBeUndefined();
    expect(validateRate(undefined)).toBeUndefined();
  });
});

const formatsOf = (locale: string) => ({
  large: new Intl.NumberFormat(locale, RATE_FORMAT_OPTIONS.large),
  small: new Intl.NumberFormat(locale, RATE_FORMAT_OPTIONS.small),
});

describe('formatRate', () => {
  it('writes rates as the admin reads numbers: two decimals at least, trailing zeros of the six dropped', () => {
    const ru = formatsOf('ru-RU');
    expect(formatRate('79.000000', ru)).toBe('79,00');
    expect(formatRate('80.983400', ru)).toBe('80,9834');
    expect(formatRate('12650.000000', ru)).toBe('12\u00a0650,00');
    const en = formatsOf('en-US');
    expect(formatRate('79.000000', en)).toBe('79.00');
    expect(formatRate('12650.5', en)).toBe('12,650.50');
  });

  it('gives small rates (inverses) six significant digits, never float noise', () => {
    expect(formatRate('0.012658228', formatsOf('ru-RU'))).toBe('0,0126582');
    expect(formatRate('0.000079051383', formatsOf('en-US'))).toBe('0.0000790514');
    expect(formatRate('0.1', formatsOf('en-US'))).toBe('0.1');
  });
});
