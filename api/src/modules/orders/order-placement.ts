import type { Knex } from 'knex';
import { ErrorCode, initialOrderStatus, type BalanceCurrency } from '@topup/common';
import { insufficientBalance, prepared, sqlRefusal } from '@topup/server-kit';
import { AppError } from '../../lib/app-error';
import { dispatchAfterCommit } from '../../lib/outbox';
import { currentRequestId } from '../../lib/trace-context';
import { PAID_ORDER_HOLD_SECONDS } from './order-lifecycle.dal';
import { orderEventRow } from './order-events';

/** How an order is paid: from the balance at once, or through a gateway within a hold of its codes. */
export type OrderPayment = { method: 'balance' } | { method: 'card'; holdSeconds: number };

/** A cart placed as an order. */
export interface PlacedCartOrder {
  orderId: number;
  /** Minor units of the order currency. */
  total: number;
  /** The USD->RUB rate the order is priced at. */
  rate: string;
  /** The outbox row of the order's fulfilment job: paid from the balance only, else null. */
  outboxId: number | null;
  /** The products whose stock the order took. */
  productIds: number[];
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
      return insufficientBalance(err);
  }
}

/**
 * Places the user's whole cart as one order of codes, in the caller's transaction and in one
 * statement (the SQL function place_cart_order, whose comment names its invariants): cart lines
 * locked, one code of exactly each line's price option taken per unit, the order and its items
 * written, the codes reserved and the cart emptied. Paid from the balance, the total is debited and
 * the fulfilment job queued in the outbox; by card, the order waits as 'pending' for `holdSeconds`.
 * Prices are the stock's own. An empty cart is 400 CART_EMPTY, a line short of stock 409
 * OUT_OF_STOCK, too little money 409 INSUFFICIENT_BALANCE, no USD->RUB rate 503.
 */
export async function placeCartOrder(
  trx: Knex.Transaction,
  userId: number,
  currency: BalanceCurrency,
  payment: OrderPayment,
): Promise<PlacedCartOrder> {
  const paid = payment.method === 'balance';
  try {
    const { rows } = await prepared(
      'place-cart-order',
      trx.raw<{
        rows: Array<{ order_id: number; total: number; rate_usd_rub: string; outbox_id: number | null; product_ids: number[] }>;
      }>(
        'SELECT order_id, total, rate_usd_rub, outbox_id, product_ids FROM place_cart_order(?, ?, ?, ?, ?)',
        [userId, currency, payment.method, initialOrderStatus(paid), paid ? PAID_ORDER_HOLD_SECONDS : payment.holdSeconds],
      ),
    );
    const [placed] = rows;
    if (!placed) throw new Error('place_cart_order returned no row');
    const placedEvent = trx('order_events').insert(
      orderEventRow(placed.order_id, 'placed', { total: placed.total, currency, paymentMethod: payment.method }),
    );
    if (placed.outbox_id === null) await placedEvent;
    else {
      // One round trip: the timeline's event, and the job id of the row place_cart_order wrote, with
      // the request that made it written on it, so a row the relay sends later (Redis away) still traces back.
      const [outbox] = await trx('outbox')
        .with('placed_event', placedEvent)
        .where({ id: placed.outbox_id })
        .update({ origin_request_id: currentRequestId() ?? null })
        .returning<Array<{ job_id: string }>>('job_id');
      if (!outbox) throw new Error('place_cart_order returned an outbox row that does not exist');
      await dispatchAfterCommit(trx, {
        id: placed.outbox_id,
        jobId: outbox.job_id,
        queue: 'fulfilment',
        jobName: 'fulfil-order',
        payload: { orderId: placed.order_id },
      });
    }
    return {
      orderId: placed.order_id,
      total: placed.total,
      rate: placed.rate_usd_rub,
      outboxId: placed.outbox_id,
      productIds: placed.product_ids,
    };
  } catch (err) {
    throw placementRefusal(err) ?? err;
  }
}
