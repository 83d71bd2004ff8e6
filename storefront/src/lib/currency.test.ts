import { describe, expect, it } from 'vitest';
import { lineTotal, parseCurrency, pickPrice, toAmount } from './currency';

describe('parseCurrency', () => {
  it('accepts USD and RUB in any case', () => {
    expect(parseCurrency('USD')).toBe('USD');
    expect(parseCurrency('usd')).toBe('USD');
    expect(parseCurrency(' rub ')).toBe('RUB');
  });

  it('falls back to RUB for anything else', () => {
    expect(parseCurrency('EUR')).toBe('RUB');
    expect(parseCurrency('')).toBe('RUB');
    expect(parseCurrency(null)).toBe('RUB');
    expect(parseCurrency(42)).toBe('RUB');
  });
});

describe('amounts', () => {
  it('parses numbers and numeric strings, invalid gives 0', () => {
    expect(toAmount(1.5)).toBe(1.5);
    expect(toAmount('2.25')).toBe(2.25);
    expect(toAmount('')).toBe(0);
    expect(toAmount('x')).toBe(0);
    expect(toAmount(NaN)).toBe(0);
    expect(toAmount({})).toBe(0);
  });

  it('multiplies in minor units', () => {
    expect(lineTotal(1.99, 3)).toBe(5.97);
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal('79.5', 2)).toBe(159);
    expect(lineTotal(10, 0)).toBe(0);
  });

  it('picks the price of the display currency', () => {
    const option = { price_usd: 1.99, price_rub: '157.21' };
    expect(pickPrice(option, 'USD')).toBe(1.99);
    expect(pickPrice(option, 'RUB')).toBe(157.21);
  });
});
