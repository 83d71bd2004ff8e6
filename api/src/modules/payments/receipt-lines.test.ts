import { describe, expect, it } from 'vitest';
import { groupReceiptLines, RECEIPT_LINES_MAX, receiptLinesForPart } from './receipt-lines';

const total = (lines: Array<{ quantity: number; unitAmount: number }>) => lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);

describe('receipt lines', () => {
  it('groups items by description and unit price, with their quantity', () => {
    const items = [
      ...Array.from({ length: 150 }, () => ({ description: 'Steam 100', amount: 1000 })),
      { description: 'Steam 100', amount: 900 },
      { description: 'PUBG 60 UC', amount: 1000 },
    ];
    expect(groupReceiptLines(items, 151_900)).toEqual([
      { description: 'Steam 100', quantity: 150, unitAmount: 1000 },
      { description: 'Steam 100', quantity: 1, unitAmount: 900 },
      { description: 'PUBG 60 UC', quantity: 1, unitAmount: 1000 },
    ]);
  });

  it('gives the kopecks items converted one by one lost to one unit of its own, so the lines add up to the charge', () => {
    // Three items of 1.99 USD at 79.1234 RUB: 157.4556 each, 157.46 rounded; the charge of 5.97 USD is 472.37.
    const lines = groupReceiptLines(Array.from({ length: 3 }, () => ({ description: 'Diamonds', amount: 15_746 })), 47_237);
    expect(lines).toEqual([
      { description: 'Diamonds', quantity: 2, unitAmount: 15_746 },
      { description: 'Diamonds', quantity: 1, unitAmount: 15_745 },
    ]);
    expect(total(lines)).toBe(47_237);
  });

  it('keeps within YooKassa’s 100 items, the rest as one line of their total', () => {
    const items = Array.from({ length: 130 }, (_, index) => ({ description: `Card ${index}`, amount: 100 + index }));
    const lines = groupReceiptLines(items, total(items.map((item) => ({ quantity: 1, unitAmount: item.amount }))));
    expect(lines).toHaveLength(RECEIPT_LINES_MAX);
    expect(lines.at(-1)).toEqual({ description: 'Other items of the order', quantity: 1, unitAmount: total(items.slice(99).map((item) => ({ quantity: 1, unitAmount: item.amount }))) });
    expect(total(lines)).toBe(items.reduce((sum, item) => sum + item.amount, 0));
  });

  it('writes a part of a receipt as whole units while they fit, then one unit of what is left', () => {
    const lines = [
      { description: 'Steam 100', quantity: 3, unitAmount: 1000 },
      { description: 'PUBG 60 UC', quantity: 2, unitAmount: 700 },
    ];
    expect(receiptLinesForPart(lines, 2500)).toEqual([
      { description: 'Steam 100', quantity: 2, unitAmount: 1000 },
      { description: 'Steam 100', quantity: 1, unitAmount: 500 },
    ]);
    expect(receiptLinesForPart(lines, 3700)).toEqual([
      { description: 'Steam 100', quantity: 3, unitAmount: 1000 },
      { description: 'PUBG 60 UC', quantity: 1, unitAmount: 700 },
    ]);
  });
});
