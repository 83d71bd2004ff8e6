import type { Knex } from 'knex';
import { ErrorCode, initialOrderStatus, isBalanceCurrency, type BalanceCurrency, type OrderCurrency } from '@topup/common';
import { insufficientBalance, prepared, sqlRefusal } from '@topup/server-kit';
import { AppError } from '../../lib/app-error';
import { dispatchAfterCommit } from '../../lib/outbox';
import { currentRequestId } from '../../lib/trace-context';
import type { IdempotencyClaim } from '../../types';
import { PAID_ORDER_HOLD_SECONDS } from './order-lifecycle.dal';
import type { GatewayMethod } from '../../providers/payment';
import { promoCodeRefused } from '../promo-codes/promo-code-use';

/** How an order is paid: from the balance at once, or through a gateway (card or SBP) within a hold of its codes. */
export type OrderPayment = { method: 'balance' } | { method: GatewayMethod; holdSeconds: number };

/** A cart placed as an order. */
export interface PlacedCartOrder {
  orderId: number;
  /** Minor units of the order currency, after the promotions' and any promo code's discounts. */
  total: number;
  /** Minor units of the order currency a promo code took off (docs/architecture.md, "Promo codes"). */
  discount: number;
  /** Minor units of the order currency promotions took off (docs/architecture.md, "Promotions that discount"). */
  promotionDiscount: number;
  /** The USD->RUB rate the order is priced at. */
  rate: string;
  /** The products whose stock the order took. */
  productIds: number[];
}

/** A cart paid from the balance: the order placed now, or the one the request's Idempotency-Key placed before. */
export interface CartPaidFromBalance {
  order: KeyedOrder;
  /** The products whose stock the order took now; none when it was placed before. */
  productIds: number[];
}

/** An order as a re-run of the request that placed it answers it. Total in minor units. */
export interface KeyedOrder {
  id: number;
  total: number;
  discount: number;
  promotion_discount: number;
  currency: OrderCurrency;
}

/**
 * The order the request's Idempotency-Key already placed in this use of the key (a re-run after the
 * first answer was lost), or undefined; always undefined without a key. In a transaction, it first
 * waits for any other run of the same key to end (a transaction lock), locks the order found, and
 * takes the key off an order of an earlier use of it, so the key can place a new one.
 */
export async function orderPlacedUnder(conn: Knex, userId: number, claim: IdempotencyClaim | undefined): Promise<KeyedOrder | undefined> {
  if (!claim) return undefined;
  if (conn.isTransaction) {
    // One round trip: the key's lock, the key taken off an earlier use's order, the order locked.
    const { rows } = await prepared(
      'order-placed-under',
      conn.raw<{ rows: KeyedOrder[] }>('SELECT id, total, discount, promotion_discount, currency FROM order_placed_under(?, ?, ?::timestamptz)', [
        userId,
        claim.key,
        claim.since,
      ]),
    );
    return rows[0];
  }
  return conn('orders')
    .where({ user_id: userId, idempotency_key: claim.key })
    .whereRaw('created_at >= ?::timestamptz', [claim.since])
    .first<KeyedOrder | undefined>('id', 'total', 'discount', 'promotion_discount', 'currency');
}

/**
 * 409 NOT_PAYABLE_FROM_BALANCE for an order in a currency no balance is held in (UZS): balances are
 * USD and RUB only, so such an order is paid through a gateway that takes it.
 */
export function assertPayableFromBalance(currency: OrderCurrency): asserts currency is BalanceCurrency {
  if (isBalanceCurrency(currency)) return;
  throw new AppError(
    409,
    ErrorCode.NOT_PAYABLE_FROM_BALANCE,
    `Balances are kept in USD and RUB, so an order in ${currency.toUpperCase()} cannot be paid from the balance. Please pay it by ${currency.toUpperCase()} card, or choose USD or RUB.`,
    { currency },
  );
}

/**
 * Sends the fulfilment job a placing statement (place_cart_order, place_topup_order) wrote on the outbox
 * for an order paid from the balance, once it commits (afterCommit); a card order has none yet.
 */
export async function dispatchFulfilmentOf(
  conn: Knex,
  placed: { order_id: number; outbox_id: number | null; outbox_job_id: string | null },
): Promise<void> {
  if (placed.outbox_id === null || placed.outbox_job_id === null) return;
  await dispatchAfterCommit(conn, {
    id: placed.outbox_id,
    jobId: placed.outbox_job_id,
    queue: 'fulfilment',
    jobName: 'fulfil-order',
    payload: { orderId: Number(placed.order_id) },
  });
}

/** The API's answer to a refusal of the SQL function place_cart_order, or undefined for any other error. */
function placementRefusal(err: unknown): AppError | undefined {
  const refusal = sqlRefusal(err);
  switch (refusal?.rule) {
    case ErrorCode.CART_EMPTY:
      return new AppError(400, ErrorCode.CART_EMPTY, 'Your cart is empty');
    case ErrorCode.SERVICE_UNAVAILABLE:
      return new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Checkout is unavailable right now. Please try again later.');
    case ErrorCode.OUT_OF_STOCK: {
      const { productId, title, requested, available } = refusal.facts as {
        productId: number;
        title: string;
        requested: number;
        available: number;
      };
      return new AppError(409, ErrorCode.OUT_OF_STOCK, `Only ${available} of ${requested} × ${title} are in stock`, {
        productId,
        requested,
        available,
      });
    }
    default:
      return promoCodeRefused(err) ?? insufficientBalance(err);
  }
}

/** What place_cart_order answers of the order it placed. */
interface PlacedCartRow {
  order_id: number;
  total: number;
  discount: number;
  promotion_discount: number;
  outbox_id: number | null;
  outbox_job_id: string | null;
  product_ids: number[];
}

/**
 * Pays the user's whole cart from the balance as one order of codes, in one statement outside any
 * transaction (the SQL function pay_cart_from_balance, its own transaction): with the request's
 * Idempotency-Key, the order that use of the key placed before is answered as it is; otherwise the
 * cart is placed as place_cart_order does (see placeCartOrder), the total debited and the fulfilment
 * job queued in the outbox, sent once the statement returns (committed). The same refusals as
 * placeCartOrder's, and too little money is 409 INSUFFICIENT_BALANCE.
 */
export async function payCartFromBalance(
  db: Knex,
  userId: number,
  currency: BalanceCurrency,
  claim: IdempotencyClaim | undefined,
  /** The promo code the shopper entered. */
  promoCode?: string,
): Promise<CartPaidFromBalance> {
  try {
    const { rows } = await prepared(
      'pay-cart-from-balance',
      db.raw<{ rows: Array<PlacedCartRow & { earlier: boolean; currency: OrderCurrency }> }>(
        'SELECT earlier, order_id, total, discount, promotion_discount, currency, outbox_id, outbox_job_id, product_ids FROM pay_cart_from_balance(?, ?, ?, ?, ?, ?, ?::timestamptz, ?)',
        [
          userId,
          currency,
          initialOrderStatus(true),
          PAID_ORDER_HOLD_SECONDS,
          promoCode ?? null,
          claim?.key ?? null,
          claim?.since ?? null,
          currentRequestId() ?? null,
        ],
      ),
    );
    const [paid] = rows;
    if (!paid) throw new Error('pay_cart_from_balance returned no row');
    const order = { id: paid.order_id, total: paid.total, discount: paid.discount, promotion_discount: paid.promotion_discount, currency: paid.currency };
    if (paid.earlier) return { order, productIds: [] };
    await dispatchFulfilmentOf(db, paid);
    return { order, productIds: paid.product_ids };
  } catch (err) {
    throw placementRefusal(err) ?? err;
  }
}

/**
 * Places the user's whole cart as one order of codes to be paid by card or SBP, in the caller's
 * transaction and in one statement (the SQL function place_cart_order, whose comment names its
 * invariants): cart lines locked, one code of exactly each line's price option taken per unit, the
 * order and its items written, the codes reserved for `holdSeconds` and the cart emptied; the order
 * waits as 'pending' for its payment. Prices are the stock's own. An empty cart is 400 CART_EMPTY, a
 * line short of stock 409 OUT_OF_STOCK, no USD->RUB rate 503. A promo code, when given, takes its
 * discount off the total and counts its use in the same statement; a refused code is 422
 * PROMO_CODE_INVALID with its reason. The order carries the request's Idempotency-Key, if any, and
 * its 'placed' event, in the same statement (orderPlacedUnder finds it by that key).
 */
export async function placeCartOrder(
  trx: Knex.Transaction,
  userId: number,
  currency: OrderCurrency,
  payment: { method: GatewayMethod; holdSeconds: number },
  /** The request's Idempotency-Key, written on the order. */
  idempotencyKey?: string,
  /** The promo code the shopper entered. */
  promoCode?: string,
): Promise<PlacedCartOrder> {
  try {
    // One statement: the order, its 'placed' event and Idempotency-Key.
    const { rows } = await prepared(
      'place-cart-order',
      trx.raw<{ rows: Array<PlacedCartRow & { rate_usd_rub: string }> }>(
        'SELECT order_id, total, discount, promotion_discount, rate_usd_rub, outbox_id, outbox_job_id, product_ids FROM place_cart_order(?, ?, ?, ?, ?, ?, ?, ?)',
        [userId, currency, payment.method, initialOrderStatus(false), payment.holdSeconds, promoCode ?? null, idempotencyKey ?? null, currentRequestId() ?? null],
      ),
    );
    const [placed] = rows;
    if (!placed) throw new Error('place_cart_order returned no row');
    return {
      orderId: placed.order_id,
      total: placed.total,
      discount: placed.discount,
      promotionDiscount: placed.promotion_discount,
      rate: placed.rate_usd_rub,
      productIds: placed.product_ids,
    };
  } catch (err) {
    throw placementRefusal(err) ?? err;
  }
}
