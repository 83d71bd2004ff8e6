import type { Knex } from 'knex';
import type { BalanceCurrency, OrderStatus, PaymentStatus } from '@topup/common';
import type { OrderItemType, PaymentMethod } from '../../models';
import type { GatewayMethod } from '../../providers/payment';

export interface OrderRow {
  id: number;
  created_at: Date;
  status: OrderStatus;
  total: number;
  currency: BalanceCurrency;
  failure_reason: string | null;
  payment_method: PaymentMethod;
  returned_to_cart: boolean;
}

/** The order's gateway payment, as its receipt shows it. */
export interface OrderPaymentRow {
  method: GatewayMethod;
  provider: string;
  status: PaymentStatus;
  amount: number;
  currency: BalanceCurrency;
  refunded_amount: number;
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  item_type: OrderItemType;
  amount: number;
  game_amount: number | null;
  topup_data: Record<string, unknown> | null;
  /** null for items without a catalogue product (top-ups). */
  product_title: string | null;
  product_image_url: string | null;
  product_activation_instructions: string | null;
  /** The delivered activation code, encrypted; selected only when asked for. */
  code_encrypted?: string | null;
}

export interface CodeReveal {
  orderItemId: number;
  userId: number;
  ip: string | null;
  userAgent: string | null;
}

const ORDER_COLUMNS = ['id', 'created_at', 'status', 'total', 'currency', 'failure_reason', 'payment_method', 'returned_to_cart'];

/** Data access for a shopper's orders; every function takes the connection or transaction to use. */
export const ordersDal = {
  /** The user's orders, newest first; `search` keeps those whose number contains these digits. */
  listOwn(db: Knex, userId: number, search?: string): Promise<OrderRow[]> {
    const query = db('orders').select(ORDER_COLUMNS).where({ user_id: userId });
    if (search) query.andWhereRaw('id::text like ?', [`%${search}%`]);
    return query.orderBy('id', 'desc');
  },

  findOwn: (db: Knex, userId: number, orderId: number): Promise<OrderRow | undefined> =>
    db('orders').select(ORDER_COLUMNS).where({ id: orderId, user_id: userId }).first(),

  /** Items of these orders in order; with `withCodes`, also each item's encrypted code. */
  itemsOf(db: Knex, orderIds: number[], options: { withCodes: boolean }): Promise<OrderItemRow[]> {
    const query = db('order_items as oi')
      .leftJoin('products as p', 'p.id', 'oi.product_id')
      .whereIn('oi.order_id', orderIds)
      .select(
        'oi.id',
        'oi.order_id',
        'oi.item_type',
        'oi.amount',
        'oi.game_amount',
        'oi.topup_data',
        'p.title as product_title',
        'p.image_url as product_image_url',
        'p.activation_instructions as product_activation_instructions',
      )
      .orderBy(['oi.order_id', 'oi.id']);
    if (options.withCodes) {
      query
        .leftJoin('codes as c', 'c.id', 'oi.code_id')
        .leftJoin('generated_codes as g', 'g.id', 'oi.generated_code_id')
        .select(db.raw('coalesce(c.code_encrypted, g.code_encrypted) as code_encrypted'));
    }
    return query;
  },

  paymentOf: (db: Knex, orderId: number): Promise<OrderPaymentRow | undefined> =>
    db('payments')
      .where({ order_id: orderId })
      .orderBy('id', 'desc')
      .first('method', 'provider', 'status', 'amount', 'currency', 'refunded_amount'),

  recordReveals: (db: Knex, reveals: CodeReveal[]) =>
    db('code_reveals').insert(
      reveals.map((reveal) => ({
        order_item_id: reveal.orderItemId,
        user_id: reveal.userId,
        ip: reveal.ip,
        user_agent: reveal.userAgent,
      })),
    ),
};
