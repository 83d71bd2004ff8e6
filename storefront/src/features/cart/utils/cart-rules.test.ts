import { describe, expect, it } from 'vitest';
import type { CartAnswer, CartLine } from '@topup/common/api';
import { cartItemCount, cartTotals } from '../../../lib/cart';
import { createFormat } from '../../../lib/format';
import { hasStockProblem, isAtMax, quantityChange, removeLine, restoreLine, setLineQuantity } from './cart-rules';

const line = (id: number, overrides: Partial<CartLine> = {}): CartLine => ({
  id,
  product_id: 1,
  product_title: `Card ${id}`,
  image_url: '',
  game_amount: 10,
  game_currency: 'USD',
  price_usd: 10.59,
  price_rub: 836.61,
  quantity: 1,
  available_count: 5,
  region_id: null,
  ...overrides,
});

const cart = (...items: CartLine[]): CartAnswer => ({ success: true, data: items, subtotal: cartTotals(items) });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('quantityChange', () => {
  it('adds and takes away one', () => {
    expect(quantityChange({ quantity: 2, available_count: 5 }, 1)).toEqual({ kind: 'update', quantity: 3 });
    expect(quantityChange({ quantity: 2, available_count: 5 }, -1)).toEqual({ kind: 'update', quantity: 1 });
  });

  it('removes the line when it would go below 1', () => {
    expect(quantityChange({ quantity: 1, available_count: 5 }, -1)).toEqual({ kind: 'remove' });
  });

  it('blocks an increase at the codes in stock', () => {
    expect(quantityChange({ quantity: 5, available_count: 5 }, 1)).toEqual({ kind: 'max' });
    expect(quantityChange({ quantity: 1, available_count: 0 }, 1)).toEqual({ kind: 'max' });
    expect(isAtMax({ quantity: 5, available_count: 5 })).toBe(true);
    expect(isAtMax({ quantity: 4, available_count: 5 })).toBe(false);
  });

  it('still lets a line above the stock go down, and flags it until it fits', () => {
    expect(quantityChange({ quantity: 4, available_count: 2 }, -1)).toEqual({ kind: 'update', quantity: 3 });
    expect(hasStockProblem({ quantity: 3, available_count: 2 })).toBe(true);
    expect(hasStockProblem({ quantity: 2, available_count: 2 })).toBe(false);
    expect(hasStockProblem({ quantity: 1, available_count: 0 })).toBe(true);
  });
});

describe('cart totals', () => {
  it('sums price times quantity in minor units', () => {
    const totals = cartTotals([line(1, { quantity: 3, price_usd: 0.1, price_rub: 7.9 }), line(2, { price_usd: 0.2, price_rub: 15.8 })]);
    expect(totals).toEqual({ usd: 0.5, rub: 39.5 });
  });

  it('shows RUB subtotals without kopecks and USD with cents in the cart', () => {
    const { usd, rub } = cartTotals([line(1, { quantity: 2 })]);
    const { money } = createFormat('ru');
    expect(plain(money(usd, 'USD', 'cart'))).toBe('21,18 $');
    expect(plain(money(rub, 'RUB', 'cart'))).toBe('1 673 ₽');
  });

  it('counts units, not lines', () => {
    expect(cartItemCount([line(1, { quantity: 3 }), line(2)])).toBe(4);
    expect(cartItemCount(undefined)).toBe(0);
  });
});

describe('optimistic cart edits', () => {
  it('sets a quantity and recomputes the subtotal', () => {
    const next = setLineQuantity(cart(line(1), line(2)), 1, 3);
    expect(next.data.map((item) => item.quantity)).toEqual([3, 1]);
    expect(next.subtotal.usd).toBe(42.36);
  });

  it('removes a line and puts it back at its place when the call fails', () => {
    const before = cart(line(1), line(2), line(3));
    const removed = removeLine(before, 2);
    expect(removed.data.map((item) => item.id)).toEqual([1, 3]);
    const restored = restoreLine(removed, line(2), 1);
    expect(restored.data.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(restored.subtotal).toEqual(before.subtotal);
  });

  it('restores one line without undoing another change made meanwhile', () => {
    const changed = setLineQuantity(setLineQuantity(cart(line(1), line(2)), 1, 4), 2, 3);
    const restored = restoreLine(changed, line(1, { quantity: 1 }), 0);
    expect(restored.data.map((item) => item.quantity)).toEqual([1, 3]);
  });
});
