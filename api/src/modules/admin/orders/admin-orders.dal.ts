import type { Knex } from 'knex';
import type { GatewayEvent, Order, OrderEvent, OrderItem, Payment, Product, SupplierOrder, User } from '../../../models';
import type { StockOption } from '../../cart/cart.dal';
import { CLICK_PROVIDER } from '../../../providers/payment/click.gateway';
import { PAYME_PROVIDER } from '../../../providers/payment/payme.gateway';
import { deliveryRefundReference, type LockedOrder } from '../../orders/order-lifecycle';

/** An order as the back office lists it, with its buyer's nickname. */
export type OrderWithBuyer = Pick<
  Order,
  | 'id'
  | 'user_id'
  | 'status'
  | 'kind'
  | 'payment_method'
  | 'currency'
  | 'total'
  | 'total_usd'
  | 'discount'
  | 'promotion_discount'
  | 'notices'
  | 'created_at'
  | 'paid_at'
  | 'completed_at'
  | 'attention_reason'
  | 'attention_since'
> & { user_nickname: User['nickname']; promo_code: string | null };

/** One event of an order's timeline, with the nickname of the admin behind it. */
export type OrderEventWithActor = Pick<OrderEvent, 'id' | 'kind' | 'actor_id' | 'payload' | 'request_id' | 'created_at'> & {
  actor_nickname: User['nickname'] | null;
};

/** An order item with its product's title (null for items without a catalogue product: top-ups). */
export type OrderItemWithProductTitle = Pick<
  OrderItem,
  'id' | 'item_type' | 'game_amount' | 'amount' | 'topup_data' | 'provider_status'
> & { product_title: Product['title'] | null };

/** An item's latest supplier attempt, as the order screen shows it. */
export type ItemDelivery = Pick<SupplierOrder, 'order_item_id' | 'reference' | 'supplier_order_id' | 'status' | 'cost' | 'cost_currency'> & { supplier: string };

/** One event of a payment's card: a stored webhook, or a Payme or Click call read from its transaction. */
export type GatewayCallEvent = CamelCased<Pick<GatewayEvent, 'id' | 'event_type' | 'provider_event_id' | 'received_at' | 'processed_at'>>;

/** snake_case to camelCase, e.g. 'provider_payment_id' to 'providerPaymentId'. */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : Name;

/** A row's columns under their camelCase names, as a select of `column as camelCase` reads them. */
type CamelCased<Row> = { [Column in keyof Row as CamelCase<Column & string>]: Row[Column] };

/** The order's gateway payment before its events are added (amounts in minor units). */
type AdminPaymentColumns = CamelCased<
  Pick<
    Payment,
    'id' | 'provider' | 'provider_payment_id' | 'method' | 'status' | 'amount' | 'refunded_amount' | 'currency' | 'gateway_status' | 'created_at' | 'paid_at'
  >
>;

/** Where the order's money stands, from the ledger and card payments (minor units of the order currency). */
export interface OrderMoney {
  /** What the buyer has paid for the order and not had back: card payments minus the ledger's net movement. */
  netPaid: number;
  /** Earlier admin refunds and re-run charges of the order, so each new one gets a reference of its own. */
  adminRefunds: number;
  reruns: number;
  /** The top-up delivery refunded the order under its one-time reference (deliveryRefundReference). */
  deliveryRefunded: boolean;
}

/** A code item of the order whose code was given back to stock, with the price option to take a new one from. */
export type UncodedItem = StockOption & Pick<OrderItem, 'id'>;

export const ORDER_COLUMNS = [
  'o.id',
  'o.user_id',
  'u.nickname as user_nickname',
  'o.status',
  'o.kind',
  'o.payment_method',
  'o.currency',
  'o.total',
  'o.total_usd',
  'o.discount',
  'o.promotion_discount',
  'pc.code as promo_code',
  'o.notices',
  'o.created_at',
  'o.paid_at',
  'o.completed_at',
  'o.attention_reason',
  'o.attention_since',
];

/** Data access for the back office's orders; every function takes the connection or transaction to use. */
export const adminOrdersDal = {
  /** Every order with its buyer's nickname: the base the list filters, sorts and pages. */
  listBase: (db: Knex): Knex.QueryBuilder =>
    db('orders as o').join('users as u', 'u.id', 'o.user_id').leftJoin('promo_codes as pc', 'pc.id', 'o.promo_code_id').select(ORDER_COLUMNS),

  find: (db: Knex, orderId: number): Promise<OrderWithBuyer | undefined> => adminOrdersDal.listBase(db).where('o.id', orderId).first(),

  items: (db: Knex, orderId: number): Promise<OrderItemWithProductTitle[]> =>
    db('order_items as oi')
      .leftJoin('products as p', 'p.id', 'oi.product_id')
      .where('oi.order_id', orderId)
      .select('oi.id', 'oi.item_type', 'p.title as product_title', 'oi.game_amount', 'oi.amount', 'oi.topup_data', 'oi.provider_status')
      .orderBy('oi.id'),

  /** Each item's latest supplier attempt, with the supplier's name. */
  deliveries: (db: Knex, orderId: number): Promise<ItemDelivery[]> =>
    db('supplier_orders as so')
      .join('suppliers as s', 's.id', 'so.supplier_id')
      .where('so.order_id', orderId)
      .distinctOn('so.order_item_id')
      .orderBy([{ column: 'so.order_item_id' }, { column: 'so.id', order: 'desc' }])
      .select('so.order_item_id', 's.name as supplier', 'so.reference', 'so.supplier_order_id', 'so.status', 'so.cost', 'so.cost_currency'),

  /** The order's gateway payment (its latest), in the back office's camelCase. */
  payment: (db: Knex, orderId: number) =>
    db('payments')
      .where({ order_id: orderId })
      .orderBy('id', 'desc')
      .first<AdminPaymentColumns | undefined>(
        'id',
        'provider',
        'provider_payment_id as providerPaymentId',
        'method',
        'status',
        'amount',
        'refunded_amount as refundedAmount',
        'currency',
        'gateway_status as gatewayStatus',
        'created_at as createdAt',
        'paid_at as paidAt',
      ),

  /** The order's timeline, oldest first. */
  timeline: (db: Knex, orderId: number): Promise<OrderEventWithActor[]> =>
    db('order_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .where('e.order_id', orderId)
      .orderBy('e.id')
      .select('e.id', 'e.kind', 'e.actor_id', 'e.payload', 'e.request_id', 'e.created_at', 'u.nickname as actor_nickname'),

  /**
   * What the gateway told the store about a payment, oldest first (docs/architecture.md, "Payme's and
   * Click's calls on the payment card"): the stored webhooks of YooKassa and the sandbox; for Payme and
   * Click, which call the store instead, each call that changed one of their transactions, read from the
   * transaction's own times (numbered transaction id × 10 + the call, so each stays apart on the card).
   */
  gatewayEvents: (db: Knex, payment: Pick<Payment, 'id' | 'provider'>): Promise<GatewayCallEvent[]> => {
    if (payment.provider === PAYME_PROVIDER) {
      const at = (column: string) => db.raw(`to_timestamp(${column} / 1000.0)`);
      const call = (step: number, type: string, column: string) =>
        db('payme_transactions')
          .where({ payment_id: payment.id })
          .andWhere(column, '>', 0)
          .select(db.raw('id * 10 + ? as id', [step]), db.raw('? as "eventType"', [type]), 'payme_id as providerEventId', { receivedAt: at(column), processedAt: at(column) });
      return db
        .queryBuilder()
        .unionAll([call(1, 'payme.create', 'create_time'), call(2, 'payme.perform', 'perform_time'), call(3, 'payme.cancel', 'cancel_time')], true)
        .orderBy(['receivedAt', 'id']);
    }
    if (payment.provider === CLICK_PROVIDER) {
      const call = (step: number, type: string, column: string) =>
        db('click_transactions')
          .where({ payment_id: payment.id })
          .whereNotNull(column)
          .select(db.raw('id * 10 + ? as id', [step]), db.raw('? as "eventType"', [type]), db.raw('click_trans_id::text as "providerEventId"'), { receivedAt: column, processedAt: column });
      return db
        .queryBuilder()
        .unionAll([call(1, 'click.prepare', 'prepared_at'), call(2, 'click.complete', 'completed_at'), call(3, 'click.cancel', 'cancelled_at')], true)
        .orderBy(['receivedAt', 'id']);
    }
    return db('gateway_events')
      .where({ payment_id: payment.id })
      .orderBy('id')
      .select('id', 'event_type as eventType', 'provider_event_id as providerEventId', 'received_at as receivedAt', 'processed_at as processedAt');
  },

  async money(trx: Knex.Transaction, order: LockedOrder): Promise<OrderMoney> {
    const ledger = await trx('balance_ledger')
      .where({ order_id: order.id })
      .first<{ net: number; admin_refunds: number; reruns: number; delivery_refunded: boolean }>(
        trx.raw('coalesce(sum(amount) filter (where currency = ?), 0)::bigint as net', [order.currency]),
        trx.raw("count(*) filter (where reference like 'admin-refund:%') as admin_refunds"),
        trx.raw("count(*) filter (where reference like 'admin-rerun:%') as reruns"),
        trx.raw('coalesce(bool_or(reference = ?), false) as delivery_refunded', [deliveryRefundReference(order.id)]),
      );
    // A paid gateway payment paid the whole order (in whatever currency it was charged); what went
    // back to the card (or is on its way there) is measured in the order's currency too.
    const card = await trx('payments')
      .where({ order_id: order.id })
      .whereIn('status', ['paid', 'refunded'])
      .first<{ paid: boolean }>(trx.raw('count(*) > 0 as paid'));
    const toCard = await trx('payment_refunds')
      .where({ order_id: order.id })
      .whereNot({ status: 'failed' })
      .first<{ sum: number }>(trx.raw('coalesce(sum(order_amount), 0)::bigint as sum'));
    return {
      netPaid: (card?.paid ? order.total : 0) - Number(toCard?.sum ?? 0) - (ledger?.net ?? 0),
      adminRefunds: ledger?.admin_refunds ?? 0,
      reruns: ledger?.reruns ?? 0,
      deliveryRefunded: ledger?.delivery_refunded ?? false,
    };
  },

  /** Code items that lost their code to a release, with the price option each was sold at. */
  uncodedItems: (trx: Knex.Transaction, orderId: number): Promise<UncodedItem[]> =>
    trx('order_items')
      .where({ order_id: orderId, item_type: 'code' })
      .whereNull('stock_code_id')
      .whereNotNull('product_id')
      .whereNotNull('game_amount')
      .select('id', 'product_id', 'region_id', 'game_amount', 'price_usd', 'price_rub')
      .orderBy('id'),

  /** Gives each item its code, in one UPDATE however many items. */
  assignCodes: (trx: Knex.Transaction, assignments: Array<{ itemId: number; codeId: number }>) =>
    trx.raw(
      `UPDATE order_items oi SET stock_code_id = a.code_id
         FROM unnest(?::bigint[], ?::bigint[]) AS a (item_id, code_id)
        WHERE oi.id = a.item_id`,
      [assignments.map((assignment) => assignment.itemId), assignments.map((assignment) => assignment.codeId)],
    ),
};
