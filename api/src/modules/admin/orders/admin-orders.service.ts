import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import {
  adminNextStatuses,
  adminStatusChange,
  canTransition,
  ErrorCode,
  formatMinor,
  fromMinor,
  ORDER_STATUSES,
  type OrderStatus,
} from '@topup/common';
import type { AdminItemMargin, AdminOrder, AdminOrderDetail, AdminOrderEvent, AdminOrderItem, ListQuery, NoticeMoney, OrderNotice } from '@topup/common/api';
import { auditOf, conflict, typedFilter, type AdminActor } from '../../../lib/admin-input';
import { AppError, notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { changeBalance } from '@topup/server-kit';
import { groupBy } from '../../../lib/group-by';
import { readInOneSnapshot } from '../../../lib/snapshot';
import { listPage, parseListQuery, type FilterApplier, type ListSpec } from '../../../lib/simple-rest';
import type { Serializable } from '../../../lib/typed-routes';
import {
  cancelUnpaid,
  failWithRefund,
  lockOrder,
  markCompleted,
  PAID_ORDER_HOLD_SECONDS,
  rerun as rerunOrder,
  retryDelivery as retryOrderDelivery,
  type LockedOrder,
} from '../../orders/order-lifecycle';
import { recordOrderEvent, type EventAuthor } from '../../orders/order-events';
import { noticesForApi } from '../../orders/order-notices';
import { orderLifecycleDal } from '../../orders/order-lifecycle.dal';
import { stockDal } from '../../stock/stock.dal';
import { refundsOfOrder, type RefundDestination } from '../../payments/refunds';
import { adminOrdersDal, type ItemDelivery, type OrderEventWithActor, type OrderItemWithProductTitle, type OrderWithBuyer } from './admin-orders.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { marginsDal } from '../margins/margins.dal';
import { itemMargin, orderMargin } from '../margins/margins.service';
import { balanceEquivalent } from '../../orders/balance-equivalent';

/** The audit action of a change to each status. */
const STATUS_VERBS: Record<OrderStatus, string> = {
  cancelled: 'cancel',
  completed: 'complete',
  failed: 'fail',
  processing: 'rerun',
  pending: 'reopen',
};

const invalidFilter = (field: string, message: string) =>
  validationFailed('The request is not valid', [{ field: `filter.${field}`, message }]);

const ORDER_FILTERS: Record<string, FilterApplier> = {
  id: typedFilter.ids('id', 'o.id', Number.MAX_SAFE_INTEGER),
  status: typedFilter.oneOf('status', 'o.status', ORDER_STATUSES),
  userId: typedFilter.reference('userId', 'o.user_id'),
  createdFrom: typedFilter.since('createdFrom', 'o.created_at'),
  createdTo: typedFilter.until('createdTo', 'o.created_at'),
  // Flagged orders (their delivery ran out of attempts), or with false the others.
  needsAttention: (query, value) => {
    if (![true, false, 'true', 'false'].includes(value as never)) throw invalidFilter('needsAttention', 'must be true or false');
    if (value === true || value === 'true') void query.whereNotNull('o.attention_since');
    else void query.whereNull('o.attention_since');
  },
  // An order number, as shoppers quote it ("#1234" or "1234").
  q: (query, value) => {
    const text = String(value).trim().replace(/^#/, '');
    if (!/^\d{1,15}$/.test(text)) throw invalidFilter('q', 'must be an order number');
    void query.where('o.id', Number(text));
  },
};

export const ORDER_LIST: ListSpec = {
  resource: 'orders',
  // `total` sorts by the USD value, so orders in both currencies rank by what they are worth.
  sortable: { id: 'o.id', createdAt: 'o.created_at', total: 'o.total_usd', status: 'o.status' },
  defaultSort: ['id', 'DESC'],
  filters: ORDER_FILTERS,
};

const toAdminOrder = (row: OrderWithBuyer): Serializable<AdminOrder> => ({
  id: row.id,
  userId: row.user_id,
  userNickname: row.user_nickname,
  status: row.status,
  kind: row.kind,
  paymentMethod: row.payment_method,
  currency: row.currency,
  total: fromMinor(row.total),
  totalUsd: fromMinor(row.total_usd),
  discount: fromMinor(row.discount),
  promoCode: row.promo_code,
  ...(row.promotion_discount > 0 ? { promotionDiscount: fromMinor(row.promotion_discount) } : {}),
  notices: noticesForApi(row.notices),
  createdAt: row.created_at,
  paidAt: row.paid_at,
  completedAt: row.completed_at,
  attentionReason: row.attention_reason,
  attentionSince: row.attention_since,
});

const toAdminOrderEvent = (row: OrderEventWithActor): Serializable<AdminOrderEvent> => ({
  id: row.id,
  kind: row.kind,
  actorId: row.actor_id,
  actorNickname: row.actor_nickname,
  payload: row.payload,
  requestId: row.request_id,
  createdAt: row.created_at,
});

/** The admin behind a change, as the order's timeline names them. */
const byAdmin = (actor: AdminActor): EventAuthor => ({ actorId: actor.userId, requestId: actor.requestId });

const toAdminOrderItem = (row: OrderItemWithProductTitle, delivery: ItemDelivery | undefined, margin: AdminItemMargin | null): AdminOrderItem => ({
  id: row.id,
  itemType: row.item_type,
  productTitle: row.product_title,
  gameAmount: row.game_amount,
  amount: fromMinor(row.amount),
  topupData: row.topup_data,
  providerStatus: row.provider_status,
  delivery: delivery
    ? {
        supplier: delivery.supplier,
        reference: delivery.reference,
        supplierOrderId: delivery.supplier_order_id,
        status: delivery.status,
        cost: delivery.cost === null ? null : fromMinor(delivery.cost),
        costCurrency: delivery.cost_currency,
      }
    : null,
  margin,
});

/** `fulfilmentQueue`: where Retry delivery looks for an order's live delivery job. */
export function createAdminOrdersService(deps: { db: Knex; catalogueChanges: CatalogueChanges; fulfilmentQueue: Queue }) {
  const { db, catalogueChanges, fulfilmentQueue } = deps;

  async function snapshot(conn: Knex, orderId: number): Promise<Serializable<AdminOrder>> {
    const row = await adminOrdersDal.find(conn, orderId);
    if (!row) throw notFound('Order');
    return toAdminOrder(row);
  }

  async function detail(orderId: number): Promise<Serializable<AdminOrderDetail>> {
    // One connection runs one query at a time: the reads go one after another.
    const { order, items, deliveries, costs, payment, events, refunds, timeline } = await readInOneSnapshot(db, async (trx) => {
      const found = await snapshot(trx, orderId);
      const payment = await adminOrdersDal.payment(trx, orderId);
      return {
        order: found,
        items: await adminOrdersDal.items(trx, orderId),
        deliveries: await adminOrdersDal.deliveries(trx, orderId),
        costs: await marginsDal.itemCosts(trx, orderId),
        payment,
        events: payment ? await adminOrdersDal.gatewayEvents(trx, payment) : [],
        refunds: await refundsOfOrder(trx, orderId),
        timeline: await adminOrdersDal.timeline(trx, orderId),
      };
    });
    const margins = items.map((item) => itemMargin(item, costs.find((cost) => cost.order_item_id === item.id)));
    return {
      ...order,
      items: items.map((item, index) => toAdminOrderItem(item, deliveries.find((delivery) => delivery.order_item_id === item.id), margins[index] ?? null)),
      margin: orderMargin(margins),
      payment: payment
        ? {
            ...payment,
            amount: fromMinor(payment.amount),
            refundedAmount: fromMinor(payment.refundedAmount),
            events,
          }
        : null,
      refunds: refunds.map(({ created_at, uncertain, ...refund }) => ({
        ...refund,
        amount: fromMinor(refund.amount),
        inDoubt: uncertain && refund.status === 'pending',
        createdAt: created_at,
      })),
      timeline: timeline.map(toAdminOrderEvent),
    };
  }

  /** pending -> cancelled: the one cancellation path of unpaid orders, so the held codes go back on sale. */
  async function cancel(trx: Knex.Transaction, actor: AdminActor, order: LockedOrder): Promise<Record<string, unknown>> {
    const releasedCodes = await cancelUnpaid(
      trx,
      [order.id],
      { notice: { code: 'CANCELLED_BY_STORE', params: {} }, paymentStatus: 'expired' },
      'admin',
      byAdmin(actor),
    );
    return { releasedCodes };
  }

  /**
   * processing -> completed, for a top-up the game credited outside the store (by support, say).
   * A code order is completed only by fulfilment handing over its codes, so it is refused here.
   */
  async function completeByHand(trx: Knex.Transaction, actor: AdminActor, order: LockedOrder): Promise<Record<string, unknown>> {
    if (order.kind !== 'topup') {
      throw conflict(
        'A code order is completed by fulfilment when its codes are handed over, not by hand. Wait for fulfilment, or refund the order.',
        { kind: order.kind },
      );
    }
    // PUBG codes still held were not redeemed: the delivery happened elsewhere, so they go back on sale.
    const releasedCodes = await stockDal.releaseReserved(trx, [order.id]);
    await orderLifecycleDal.settleTopupItems(trx, order.id, ['pending', 'failed'], 'succeeded');
    await markCompleted(trx, order, 'admin', [], byAdmin(actor));
    return { deliveredOutsideTheStore: true, releasedCodes };
  }

  /**
   * Gives the buyer back what they paid for the order and have not had back (to the balance in the
   * order currency on the ledger, or to the card), releases the codes it still holds and fails it with
   * a notice to the shopper (and the admin's note, if any): the `fail` of a status change, or the `refund` action. Delivered codes
   * cannot be taken back: they stay used, and the audit says so.
   */
  async function refundLocked(
    trx: Knex.Transaction,
    actor: AdminActor,
    order: LockedOrder,
    transition: 'fail' | 'refund',
    explain: (refund: NoticeMoney, destination: RefundDestination) => OrderNotice,
    note?: string,
    destination: RefundDestination = 'balance',
  ): Promise<Record<string, unknown>> {
    const position = await adminOrdersDal.money(trx, order);
    const amount = Math.max(position.netPaid, 0);
    const { releasedCodes } = await failWithRefund(trx, order, transition, 'admin', {
      refund: {
        amount,
        destinations: [destination],
        // One reference per refund of the order: the first is `admin-refund:<id>`, one after a re-run gets a number.
        reference: position.adminRefunds === 0 ? `admin-refund:${order.id}` : `admin-refund:${order.id}:${position.adminRefunds + 1}`,
        cardReason: note || 'Refunded by the store',
        actorId: actor.userId,
        note: note || undefined,
      },
      explain: (to) => [
        explain({ amount, currency: order.currency }, to),
        ...(note ? [{ code: 'STORE_NOTE', params: { text: note } } as const] : []),
      ],
    }, byAdmin(actor));
    const deliveredCodesKept = await stockDal.countSold(trx, order.id);
    return {
      refunded: fromMinor(amount),
      currency: order.currency,
      destination,
      releasedCodes,
      deliveredCodesKept,
      ...(deliveredCodesKept > 0 ? { deliveredCodes: 'Delivered codes cannot be taken back: they stay used by this order.' } : {}),
    };
  }

  /** The codes a re-run order needs again: one of each released item's price option, taken and reserved. */
  async function retakeCodes(trx: Knex.Transaction, orderId: number): Promise<number> {
    const items = await adminOrdersDal.uncodedItems(trx, orderId);
    const byOption = groupBy(items, (item) => [item.product_id, item.region_id, item.game_amount, item.price_usd, item.price_rub].join(':'));
    const taken: number[] = [];
    const assignments: Array<{ itemId: number; codeId: number }> = [];
    for (const group of byOption.values()) {
      const option = group[0]!;
      const codes = await stockDal.takeByOption(trx, option, group.length);
      if (codes.length < group.length) {
        throw new AppError(
          409,
          ErrorCode.OUT_OF_STOCK,
          `Only ${codes.length} of the ${group.length} codes this order needs (product ${option.product_id}, amount ${option.game_amount}) are in stock. Add codes, then re-run it.`,
          { productId: option.product_id, regionId: option.region_id, gameAmount: option.game_amount, requested: group.length, available: codes.length },
        );
      }
      group.forEach((item, index) => assignments.push({ itemId: item.id, codeId: codes[index]! }));
      taken.push(...codes);
    }
    await adminOrdersDal.assignCodes(trx, assignments);
    await stockDal.reserve(trx, orderId, taken, PAID_ORDER_HOLD_SECONDS);
    return taken.length;
  }

  /**
   * failed -> processing: fulfilment runs again. A failed order was refunded, so the buyer pays again
   * from their balance what they had back; codes released by the refund are taken from stock again;
   * the fulfilment job is queued in the same transaction.
   */
  async function rerun(trx: Knex.Transaction, actor: AdminActor, order: LockedOrder): Promise<Record<string, unknown>> {
    const position = await adminOrdersDal.money(trx, order);
    if (order.kind === 'topup' && position.deliveryRefunded) {
      throw conflict(
        'The top-up delivery has already refunded this order once, and it refunds an order only once: if a second delivery failed, the buyer would not get the money back. Ask the buyer to place a new order instead.',
      );
    }
    const delivered = await stockDal.countSold(trx, order.id);
    if (order.kind === 'codes' && delivered > 0) {
      throw conflict(`This order's codes were delivered before it was refunded (${delivered}); there is nothing left to deliver.`, {
        deliveredCodes: delivered,
      });
    }
    const retakenCodes = order.kind === 'codes' ? await retakeCodes(trx, order.id) : 0;

    const charge = order.total - position.netPaid;
    if (charge > 0) {
      try {
        const debit = balanceEquivalent(order, charge);
        await changeBalance(trx, {
          userId: order.user_id,
          currency: debit.currency,
          amount: -debit.amount,
          reason: 'order_payment',
          reference: `admin-rerun:${order.id}:${position.reruns + 1}`,
          orderId: order.id,
          actorId: actor.userId,
          note: 'Paid again for a re-run of the order',
        });
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE) {
          throw new AppError(
            409,
            ErrorCode.INSUFFICIENT_BALANCE,
            `The buyer's balance no longer holds the ${formatMinor(charge, order.currency)} refunded for this order, so it cannot be re-run. Adjust the balance first or leave the order failed.`,
            err.details,
          );
        }
        throw err;
      }
    }
    await rerunOrder(trx, order, byAdmin(actor));
    return { charged: fromMinor(Math.max(charge, 0)), currency: order.currency, retakenCodes };
  }

  /** Locks the order, runs the change and records it in the audit log, all in one transaction. */
  async function changeOrder(
    actor: AdminActor,
    orderId: number,
    verb: string,
    apply: (trx: Knex.Transaction, order: LockedOrder) => Promise<Record<string, unknown> | undefined>,
  ): Promise<Serializable<AdminOrderDetail>> {
    await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      if (!order) throw notFound('Order');
      const before = await snapshot(trx, orderId);
      const effects = await apply(trx, order);
      if (effects === undefined) return;
      // A cancel or a refund puts held codes back on sale, a re-run takes them again.
      await catalogueChanges.ofOrders(trx, [orderId]);
      await recordAudit(trx, {
        ...auditOf(actor, 'order', verb, orderId),
        before,
        after: { ...(await snapshot(trx, orderId)), ...effects },
      });
    });
    return detail(orderId);
  }

  return {
    /** One page of orders (all, or one user's) in the list protocol's terms. */
    async list(input: ListQuery, scope: { userId?: number } = {}) {
      const list = parseListQuery(input, ORDER_LIST);
      const base = adminOrdersDal.listBase(db);
      if (scope.userId !== undefined) void base.where('o.user_id', scope.userId);
      const page = await listPage<OrderWithBuyer>(base, ORDER_LIST, list, 'o.id');
      return { rows: page.rows.map(toAdminOrder), total: page.total, range: list.range };
    },

    detail,

    /** Moves an order along one of the allowed transitions; the same status again changes nothing. */
    changeStatus: (actor: AdminActor, orderId: number, status: OrderStatus) =>
      changeOrder(actor, orderId, STATUS_VERBS[status], async (trx, order) => {
        if (order.status === status) return undefined;
        const transition = adminStatusChange(order.status, status);
        if (transition === undefined) {
          const allowed = adminNextStatuses(order.status);
          throw conflict(
            `An order that is ${order.status} cannot become ${status}.` +
              (allowed.length > 0 ? ` It can become: ${allowed.join(', ')}.` : ' Its status is final.'),
            { from: order.status, to: status, allowed },
          );
        }
        switch (transition) {
          case 'cancel':
            return cancel(trx, actor, order);
          case 'complete':
            return completeByHand(trx, actor, order);
          case 'rerun':
            return rerun(trx, actor, order);
          case 'fail':
            return refundLocked(
              trx,
              actor,
              order,
              'fail',
              (refund) => ({ code: 'STORE_STOPPED_DELIVERY', params: { refund } }),
            );
        }
      }),

    /** Refunds a paid order once (a second refund is 409) and fails it: to the balance, or back to the card it was paid with. */
    refund: (actor: AdminActor, orderId: number, note?: string, destination: RefundDestination = 'balance') =>
      changeOrder(actor, orderId, 'refund', async (trx, order) => {
        if (!canTransition('refund', order.status, 'admin')) {
          const why: Partial<Record<OrderStatus, string>> = {
            pending: 'It is not paid yet: cancel it instead.',
            failed: 'It has already been refunded.',
            cancelled: 'It was never paid.',
          };
          throw conflict(`This order cannot be refunded. ${why[order.status] ?? ''}`.trim(), { status: order.status });
        }
        return refundLocked(
          trx,
          actor,
          order,
          'refund',
          (refund, refundTo) => ({ code: 'STORE_REFUNDED', params: { refund, refundTo } }),
          note?.trim(),
          destination,
        );
      }),

    /**
     * Sends a processing order's delivery again when it has no live job (a flag cleared, a new
     * fulfilment job queued); 409 NOTHING_TO_RETRY while one is live, so a repeated click queues nothing.
     */
    retryDelivery: (actor: AdminActor, orderId: number) =>
      changeOrder(actor, orderId, 'retry_delivery', async (trx, order) => {
        await retryOrderDelivery(trx, order, fulfilmentQueue, byAdmin(actor));
        return { retried: true };
      }),

    /** Adds an admin's note to the order's timeline. */
    addNote: (actor: AdminActor, orderId: number, note: string) =>
      changeOrder(actor, orderId, 'note', async (trx, order) => {
        const text = note.trim();
        if (text === '') throw validationFailed('The request is not valid', [{ field: 'note', message: 'must not be blank' }]);
        await recordOrderEvent(trx, order.id, 'note', { text }, byAdmin(actor));
        return { note: text };
      }),
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
