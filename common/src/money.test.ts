import { describe, expect, it } from 'vitest';
import { formatAmount, formatMinor } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('writes each currency the way its own users do', () => {
    expect(formatAmount(1234.5, 'usd')).toBe('$1,234.50');
    expect(plain(formatAmount(1234.5, 'RUB'))).toBe('1 234,50 ₽');
    expect(plain(formatAmount(1234.4, 'RUB', { fractionDigits: 0 }))).toBe('1 234 ₽');
    expect(plain(formatAmount(5, 'XYZ'))).toBe('XYZ 5.00');
    // Sums are priced whole.
    expect(plain(formatAmount(12650, 'uzs'))).toBe('12 650 UZS');
    expect(formatMinor(1_265_000, 'uzs')).toBe('12650 UZS');
  });

  it('puts the minus first and never shows a negative zero', () => {
    expect(formatAmount(-3.5, 'USD')).toBe('-$3.50');
    expect(formatAmount(-0.001, 'USD')).toBe('$0.00');
  });

  it('writes the code after an ungrouped number for the API messages, and the number alone without a code', () => {
    expect(formatAmount(3158.42, 'rub', { display: 'code' })).toBe('3158.42 RUB');
    expect(formatAmount(3, '')).toBe('3.00');
    expect(formatMinor(199, 'usd')).toBe('1.99 USD');
  });
});
