import type { CartAnswer, CartLine } from '@topup/common/api';
import { cartTotals } from '../../../lib/cart';

/**
 * What pressing + or − on a cart line does: below 1 the line is removed,
 * above the codes in stock nothing changes and the shopper is warned.
 */
export type QuantityChange = { kind: 'update'; quantity: number } | { kind: 'remove' } | { kind: 'max' };

export function quantityChange(line: Pick<CartLine, 'quantity' | 'available_count'>, delta: number): QuantityChange {
  const next = line.quantity + Math.trunc(delta);
  if (next < 1) return { kind: 'remove' };
  // Going down is always allowed, even when stock fell below what the line holds.
  if (delta > 0 && next > Math.max(0, line.available_count)) return { kind: 'max' };
  return { kind: 'update', quantity: next };
}

/** The + button is at its limit: the line already holds every code in stock. */
export function isAtMax(line: Pick<CartLine, 'quantity' | 'available_count'>): boolean {
  return line.quantity >= line.available_count;
}

/** The line holds more than is in stock now (stock sold meanwhile): checkout would refuse it. */
export function hasStockProblem(line: Pick<CartLine, 'quantity' | 'available_count'>): boolean {
  return line.quantity > line.available_count;
}

function withItems(cart: CartAnswer, items: CartLine[]): CartAnswer {
  return { ...cart, data: items, subtotal: cartTotals(items) };
}

/** The cart with one line's quantity set (the optimistic view of an update). */
export function setLineQuantity(cart: CartAnswer, lineId: number, quantity: number): CartAnswer {
  return withItems(
    cart,
    cart.data.map((item) => (item.id === lineId ? { ...item, quantity } : item)),
  );
}

/** The cart without one line (the optimistic view of a removal). */
export function removeLine(cart: CartAnswer, lineId: number): CartAnswer {
  return withItems(
    cart,
    cart.data.filter((item) => item.id !== lineId),
  );
}

/**
 * Puts a line back as it was before a change that failed, keeping whatever else changed meanwhile:
 * a removed line returns at its old position.
 */
export function restoreLine(cart: CartAnswer, line: CartLine, index: number): CartAnswer {
  const others = cart.data.filter((item) => item.id !== line.id);
  const at = Math.min(Math.max(0, index), others.length);
  return withItems(cart, [...others.slice(0, at), line, ...others.slice(at)]);
}

export const EMPTY_CART: CartAnswer = { success: true, data: [], subtotal: { usd: 0, rub: 0 } };
