import type { Knex } from 'knex';
import { ErrorCode, fromMinor, type BalanceCurrency, type OrderStatus } from '@topup/common';
import { AppError } from '../../lib/app-error';
import { changeBalance } from '@topup/server-kit';
import { enqueueJob } from '../../lib/outbox';
import { cartDal } from '../cart/cart.dal';
import type { PaymentMethod } from '../../models';
import { checkoutDal, type NewCodeItem } from './checkout.dal';
import { ratesDal } from '../rates/rates.dal';

export interface CheckoutResult {
  orderId: number;
  status: OrderStatus;
  /** Decimal amount charged, in `currency`. */
  total: number;
  currency: BalanceCurrency;
}

/**
 * How long codes of a paid order (balance, or card once paid) stay reserved. They are already paid
 * for and fulfilment marks them used within moments; the hold only has to satisfy the reservation
 * invariant.
 */
export const PAID_ORDER_HOLD_SECONDS = 24 * 3600;

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
    const codes = line.sellable ? await checkoutDal.takeCodes(trx, line, line.quantity) : [];
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
 * Writes the order for taken cart stock, in the caller's transaction: the order, one item per code,
 * the codes reserved for it for `holdSeconds`, and the cart emptied. Returns the order id.
 */
export async function placeCodeOrder(
  trx: Knex.Transaction,
  order: { userId: number; currency: BalanceCurrency; stock: CartStock; paymentMethod: PaymentMethod; paid: boolean; holdSeconds: number },
): Promise<number> {
  const { userId, currency, stock, paymentMethod, paid, holdSeconds } = order;
  const orderId = await checkoutDal.insertOrder(trx, {
    userId,
    status: paid ? 'processing' : 'pending',
    kind: 'codes',
    paymentMethod,
    currency,
    total: stock.total,
    totalUsd: stock.totalUsd,
    rateUsdRub: stock.rate,
    paid,
    // Only an unpaid order's hold is its payment deadline (orders.hold_expires_at).
    holdSeconds: paid ? undefined : holdSeconds,
  });
  await checkoutDal.insertCodeItems(trx, orderId, stock.items);
  await checkoutDal.reserveCodes(
    trx,
    orderId,
    stock.items.map((item) => item.code),
    holdSeconds,
  );
  await cartDal.clear(trx, userId);
  return orderId;
}

export function createCheckoutService(deps: { db: Knex }) {
  const { db } = deps;

  return {
    /**
     * Pays the whole cart from the balance in one transaction: codes taken, balance debited, order
     * written, cart emptied and fulfilment queued all commit together, or nothing happens at all.
     * Prices are the stock's own; the client only chooses the currency.
     */
    payFromBalance: (userId: number, currency: BalanceCurrency): Promise<CheckoutResult> =>
      db.transaction(async (trx) => {
        const stock = await takeCartStock(trx, userId, currency);
        const { total } = stock;
        const orderId = await placeCodeOrder(trx, {
          userId,
          currency,
          stock,
          paymentMethod: 'balance',
          paid: true,
          holdSeconds: PAID_ORDER_HOLD_SECONDS,
        });
        // The ledger refuses a zero movement; a cart of free codes has nothing to pay.
        if (total > 0) {
          await changeBalance(trx, {
            userId,
            currency,
            amount: -total,
            reason: 'order_payment',
            reference: `order:${orderId}:payment`,
            orderId,
          });
        }
        await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId });
        return { orderId, status: 'processing', total: fromMinor(total), currency };
      }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
