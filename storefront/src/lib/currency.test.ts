import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, fractionDigits, lineTotal, parseCurrency, pickPrice, toAmount } from './currency';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows USD with $ and 2 decimals', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(formatMoney(5, 'USD', { context: 'cart' })).toBe('$5.00');
  });

  it('shows RUB with ₽ after the number and 2 decimals outside the cart', () => {
    expect(plain(formatMoney(1234.5, 'RUB'))).toBe('1 234,50 ₽');
    expect(formatMoney(79, 'RUB')).toBe('79,00\u00a0₽');
  });

  it('shows RUB without kopecks in the cart', () => {
    expect(plain(formatMoney(1234.4, 'RUB', { context: 'cart' }))).toBe('1 234 ₽');
    expect(plain(formatMoney(157.6, 'RUB', { context: 'cart' }))).toBe('158 ₽');
    expect(fractionDigits('RUB', 'cart')).toBe(0);
    expect(fractionDigits('RUB')).toBe(2);
    expect(fractionDigits('USD', 'cart')).toBe(2);
  });

  it('parses string prices and treats invalid ones as 0', () => {
    expect(formatMoney('99.9', 'USD')).toBe('$99.90');
    expect(formatMoney('abc', 'USD')).toBe('$0.00');
    expect(plain(formatMoney(undefined, 'RUB'))).toBe('0,00 ₽');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-3.5, 'USD')).toBe('-$3.50');
    expect(plain(formatMoney(-3.5, 'RUB'))).toBe('-3,50 ₽');
  });

  it('rounds half up to the shown precision', () => {
    expect(formatMoney(2.005, 'USD')).toMatch(/^\$2\.0[01]$/);
    expect(formatMoney(1.999, 'USD')).toBe('$2.00');
  });
});

describe('formatNumber', () => {
  it('groups digits the UI language way', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(plain(formatNumber(1000, 'ru'))).toBe('1 000');
  });
});

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
