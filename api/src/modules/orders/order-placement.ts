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
  /** The outbox row of the order's fulfilment job: paid from the balance only, else null. */
  outboxId: number | null;
  /** The products whose stock the order took. */
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
 * for an order paid from the balance, once the transaction commits; a card order has none yet.
 */
export async function dispatchFulfilmentOf(
  trx: Knex.Transaction,
  placed: { order_id: number; outbox_id: number | null; outbox_job_id: string | null },
): Promise<void> {
  if (placed.outbox_id === null || placed.outbox_job_id === null) return;
  await dispatchAfterCommit(trx, {
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

/**
 * Places the user's whole cart as one order of codes, in the caller's transaction and in one
 * statement (the SQL function place_cart_order, whose comment names its invariants): cart lines
 * locked, one code of exactly each line's price option taken per unit, the order and its items
 * written, the codes reserved and the cart emptied. Paid from the balance, the total is debited and
 * the fulfilment job queued in the outbox; by card, the order waits as 'pending' for `holdSeconds`.
 * Prices are the stock's own. An empty cart is 400 CART_EMPTY, a line short of stock 409
 * OUT_OF_STOCK, too little money 409 INSUFFICIENT_BALANCE, no USD->RUB rate 503. A promo code, when
 * given, takes its discount off the total and counts its use in the same statement; a refused code is
 * 422 PROMO_CODE_INVALID with its reason. The order carries the request's Idempotency-Key, if any, and
 * its 'placed' event, in the same statement (orderPlacedUnder finds it by that key).
 */
export async function placeCartOrder(
  trx: Knex.Transaction,
  userId: number,
  currency: OrderCurrency,
  payment: OrderPayment,
  /** The request's Idempotency-Key, written on the order. */
  idempotencyKey?: string,
  /** The promo code the shopper entered. */
  promoCode?: string,
): Promise<PlacedCartOrder> {
  const paid = payment.method === 'balance';
  try {
    // One statement: the order, its 'placed' event and Idempotency-Key, and (paid from the balance)
    // its fulfilment job on the outbox, traced to this request, so a row the relay sends later (Redis
    // away) still traces back.
    const { rows } = await prepared(
      'place-cart-order',
      trx.raw<{
        rows: Array<{
          order_id: number;
          total: number;
          discount: number;
          promotion_discount: number;
          rate_usd_rub: string;
          outbox_id: number | null;
          outbox_job_id: string | null;
          product_ids: number[];
        }>;
      }>(
        'SELECT order_id, total, discount, promotion_discount, rate_usd_rub, outbox_id, outbox_job_id, product_ids FROM place_cart_order(?, ?, ?, ?, ?, ?, ?, ?)',
        [
          userId,
          currency,
          payment.method,
          initialOrderStatus(paid),
          paid ? PAID_ORDER_HOLD_SECONDS : payment.holdSeconds,
          promoCode ?? null,
          idempotencyKey ?? null,
          currentRequestId() ?? null,
        ],
      ),
    );
    const [placed] = rows;
    if (!placed) throw new Error('place_cart_order returned no row');
    await dispatchFulfilmentOf(trx, placed);
    return {
      orderId: placed.order_id,
      total: placed.total,
      discount: placed.discount,
      promotionDiscount: placed.promotion_discount,
      rate: placed.rate_usd_rub,
      outboxId: placed.outbox_id,
      productIds: placed.product_ids,
    };
  } catch (err) {
    throw placementRefusal(err) ?? err;
  }
}
