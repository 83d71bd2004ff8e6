import { describe, expect, it } from 'vitest';
import { regularBuyerProgress, REGULAR_BUYER_ORDERS } from './regular-buyer';
import { parseTopupAmount } from './topup-amount';

const orders = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('regularBuyerProgress', () => {
  it('counts completed orders only', () => {
    expect(regularBuyerProgress(orders('completed', 'pending', 'failed', 'cancelled', 'processing', 'completed'))).toEqual({
      completed: 2,
      target: REGULAR_BUYER_ORDERS,
      percent: 40,
      reached: false,
      remaining: 3,
    });
  });

  it('starts at zero and stops at the full bar', () => {
    expect(regularBuyerProgress([])).toMatchObject({ completed: 0, percent: 0, reached: false, remaining: 5 });
    const many = regularBuyerProgress(orders(...Array<string>(7).fill('completed')));
    expect(many).toMatchObject({ completed: 7, percent: 100, reached: true, remaining: 0 });
  });
});

describe('parseTopupAmount', () => {
  it('takes numbers of at least 5', () => {
    expect(parseTopupAmount('5')).toBe(5);
    expect(parseTopupAmount(' 12.5 ')).toBe(12.5);
    expect(parseTopupAmount('1 000,25')).toBe(1000.25);
  });

  it('refuses anything else', () => {
    for (const input of ['', 'abc', '4.99', '0', '-10', '5.001', '1e3', '2000000', '10..5']) {
      expect(parseTopupAmount(input), input).toBeNull();
    }
  });
});
