import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrices, parseAmount } from './money';

describe('formatMoney', () => {
  it('writes USD and RUB the way their users do, with two decimals', () => {
    expect(formatMoney(1234.5, 'usd')).toBe('$1,234.50');
    expect(formatMoney('4.99', 'USD')).toBe('$4.99');
    expect(formatMoney(1234.5, 'rub').replace(/\s/g, ' ')).toBe('1 234,50 ₽');
  });

  it('shows a dash for a missing amount and the bare number for a missing currency', () => {
    expect(formatMoney(null, 'usd')).toBe('—');
    expect(formatMoney('abc', 'usd')).toBe('—');
    expect(formatMoney(3, undefined)).toBe('3.00');
  });
});

describe('formatPrices', () => {
  it('writes a USD and a RUB price side by side', () => {
    expect(formatPrices(4.99, '394.21').replace(/\s/g, ' ')).toBe('$4.99 · 394,21 ₽');
  });
});

describe('parseAmount', () => {
  it('reads numbers and decimal strings only', () => {
    expect(parseAmount(2)).toBe(2);
    expect(parseAmount(' 2.5 ')).toBe(2.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
  });
});
