import type { Knex } from 'knex';
import { ErrorCode, type BalanceCurrency } from '@topup/common';
import { AppError } from '../../lib/app-error';
import { cartDal } from '../cart/cart.dal';
import { ratesDal } from '../rates/rates.dal';
import { PAID_ORDER_HOLD_SECONDS } from './order-lifecycle.dal';
import { orderPlacementDal, type NewCodeItem } from './order-placement.dal';

/** How an order is paid: from the balance at once, or through a gateway within a hold of its codes. */
export type OrderPayment = { method: 'balance' } | { method: 'card'; holdSeconds: number };

/** The user's cart, locked, with a code taken from stock for every unit, priced in one currency. */
export interface CartStock {
  items: NewCodeItem[];
  /** Minor units of the chosen currency. */
  total: number;
  totalUsd: number;
  /** The USD->RUB rate the order is priced at. */
  rate: string;
}

/**
 * Prices the user's cart from the database for checkout (by balance or by card), in the caller's
 * transaction: locks the cart lines and takes (FOR UPDATE SKIP LOCKED) one code of exactly each
 * line's price option per unit. Prices are the stock's own; a line short of stock fails the whole
 * checkout with 409 OUT_OF_STOCK, an empty cart with 400 CART_EMPTY.
 */
export async function takeCartStock(trx: Knex.Transaction, userId: number, currency: BalanceCurrency): Promise<CartStock> {
  const lines = await cartDal.lockLines(trx, userId);
  if (lines.length === 0) throw new AppError(400, ErrorCode.CART_EMPTY, 'Your cart is empty');
  const rate = await ratesDal.rate(trx, 'usd', 'rub');
  if (!rate) {
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Checkout is unavailable right now. Please try again later.');
  }

  const items: NewCodeItem[] = [];
  for (const line of lines) {
    const codes = line.sellable ? await orderPlacementDal.takeCodes(trx, line, line.quantity) : [];
    if (codes.length < line.quantity) {
      throw new AppError(
        409,
        ErrorCode.OUT_OF_STOCK,
        `Only ${codes.length} of ${line.quantity} × ${line.product_title} are in stock`,
        { productId: line.product_id, requested: line.quantity, available: codes.length },
      );
    }
    for (const code of codes) {
      items.push({ option: line, code, amount: currency === 'usd' ? code.price_usd : code.price_rub, rateUsed: rate });
    }
  }
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const totalUsd = items.reduce((sum, item) => sum + item.code.price_usd, 0);
  return { items, total, totalUsd, rate };
}

/**
 * Writes the order for taken cart stock, in the caller's transaction: the order (paid and
 * 'processing', or 'pending' until its gateway payment), one item per code, the codes reserved for it,
 * and the cart emptied. Returns the order id.
 */
export async function placeCodeOrder(
  trx: Knex.Transaction,
  order: { userId: number; currency: BalanceCurrency; stock: CartStock; payment: OrderPayment },
): Promise<number> {
  const { userId, currency, stock, payment } = order;
  const paid = payment.method === 'balance';
  const orderId = await orderPlacementDal.insertOrder(trx, {
    userId,
    kind: 'codes',
    paymentMethod: payment.method,
    currency,
    total: stock.total,
    totalUsd: stock.totalUsd,
    rateUsdRub: stock.rate,
    paid,
    // Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
    holdSeconds: paid ? undefined : payment.holdSeconds,
  });
  await orderPlacementDal.insertCodeItems(trx, orderId, stock.items);
  await orderPlacementDal.reserveCodes(
    trx,
    orderId,
    stock.items.map((item) => item.code),
    paid ? PAID_ORDER_HOLD_SECONDS : payment.holdSeconds,
  );
  await cartDal.clear(trx, userId);
  return orderId;
}
