import type { Knex } from 'knex';
import { latestOutboxJob, outboxWorkToCheck } from '../../lib/outbox';
import type { Order, ProviderStatus } from '../../models';
import type { ContentLanguage } from '@topup/common';
import { CART_MAX_QUANTITY } from '@topup/common/api';

/** The order as every transition sees it, locked. */
export type LockedOrder = Pick<Order, 'id' | 'user_id' | 'status' | 'kind' | 'payment_method' | 'currency' | 'rate_usd_uzs' | 'total' | 'discount' | 'promotion_discount' | 'attention_since'> & {
  /** The order still holds its codes: its payment hold has not ended (by the database clock). */
  hold_active: boolean;
  /** Where its receipts go: the shopper's address while verified, and language; else null (queueOrderMail). */
  receipt_to: { address: string; language: ContentLanguage } | null;
};

/**
 * How long codes of a paid order (balance, or card once paid) stay reserved. They are already paid
 * for and fulfilment marks them used within moments; the hold only has to satisfy the reservation
 * invariant.
 */
export const PAID_ORDER_HOLD_SECONDS = 24 * 3600;

/** An order's delivery job, as its outbox row has it. */
export interface DeliveryJob {
  jobId: string;
  /** Sent to BullMQ; a row not yet sent is the relay's to send. */
  dispatched: boolean;
}

/** Data access for order transitions; every function takes the transaction to use. */
export const orderLifecycleDal = {
  /**
   * The order, locked: a payment, a delivery, a hold's expiry and a back-office change of the same
   * order run one after the other.
   */
  lockOrder: (trx: Knex.Transaction, orderId: number): Promise<LockedOrder | undefined> =>
    trx('orders')
      .select(
        'id',
        'user_id',
        'status',
        'kind',
        'payment_method',
        'currency',
        'rate_usd_uzs',
        'total',
        'discount',
        'promotion_discount',
        'attention_since',
        trx.raw('coalesce(hold_expires_at > now(), false) as hold_active'),
        // Read with the lock, so a transition that mails a receipt asks nothing more of the database when there is no address.
        trx.raw(
          `(SELECT json_build_object('address', u.email, 'language', u.language) FROM users u
             WHERE u.id = orders.user_id AND u.email_verified_at IS NOT NULL) AS receipt_to`,
        ),
      )
      .where({ id: orderId })
      .forUpdate()
      .first(),

  /**
   * Puts the code items of these orders back in their shoppers' carts (one line per price option), at
   * the current price of the codes they held (an admin may have repriced them meanwhile), before the
   * codes leave the items. Adds to lines already there, within the cart's limit.
   */
  restoreCarts: (trx: Knex.Transaction, orderIds: number[]) =>
    trx.raw(
      `INSERT INTO cart_items (user_id, product_id, region_id, game_amount, price_usd, price_rub, quantity)
       SELECT o.user_id, i.product_id, i.region_id, i.game_amount,
              coalesce(c.price_usd, i.price_usd), coalesce(c.price_rub, i.price_rub), least(count(*), :cap)
         FROM order_items i
         JOIN orders o ON o.id = i.order_id
         LEFT JOIN stock_codes c ON c.id = i.stock_code_id
        WHERE i.order_id = any(:orderIds) AND i.item_type = 'code' AND i.product_id IS NOT NULL AND i.game_amount IS NOT NULL
        GROUP BY o.user_id, i.product_id, i.region_id, i.game_amount, coalesce(c.price_usd, i.price_usd), coalesce(c.price_rub, i.price_rub)
       ON CONFLICT (user_id, product_id, coalesce(region_id, 0), game_amount, price_usd, price_rub)
       DO UPDATE SET quantity = least(cart_items.quantity + excluded.quantity, :cap), updated_at = now()`,
      { orderIds, cap: CART_MAX_QUANTITY },
    ),

  /** The order's latest delivery job, if it has one in the outbox. */
  latestDeliveryJob: (trx: Knex.Transaction, orderId: number): Promise<DeliveryJob | undefined> =>
    latestOutboxJob(trx, 'fulfilment', 'orderId', orderId),

  /**
   * Unflagged processing orders whose latest delivery job was sent to BullMQ more than `graceSeconds`
   * ago (or that have none left in the outbox): the ones whose job may have been lost. Oldest first.
   */
  deliveriesToCheck: (db: Knex, graceSeconds: number, limit: number) =>
    outboxWorkToCheck(
      db,
      db('orders').select('id', { since: 'updated_at' }).where({ status: 'processing' }).whereNull('attention_since'),
      'fulfilment',
      'orderId',
      graceSeconds,
      limit,
    ),

  /** Top-up items whose delivery is not settled take this outcome. */
  settleTopupItems: (trx: Knex.Transaction, orderId: number, from: ProviderStatus[], to: ProviderStatus) =>
    trx('order_items').where({ order_id: orderId, item_type: 'topup' }).whereIn('provider_status', from).update({ provider_status: to }),
};
