import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { ContentLanguage, Order, OrderDetail, OrderItem } from '@topup/common/api';
import { notFound } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { readInOneSnapshot } from '../../lib/snapshot';
import type { Serializable } from '../../lib/typed-routes';
import type { CodeCrypto } from '@topup/server-kit';
import { refundsOfOrder } from '../payments/refunds';
import { noticesForApi } from './order-notices';
import { ordersDal, type OrderItemWithProduct, type ShopperOrder, type Viewer } from './orders.dal';

const toItemView = (row: OrderItemWithProduct): OrderItem => ({
  id: row.id,
  item_type: row.item_type,
  amount: fromMinor(row.amount),
  game_amount: row.game_amount,
  product:
    row.product_title === null
      ? null
      : {
          slug: row.product_slug ?? '',
          title: row.product_title,
          image_url: row.product_image_url ?? '',
          activation_instructions: row.product_activation_instructions ?? '',
        },
  // The denomination's name, the game's title and its fields' labels as the catalogue has them now, in the shopper's language; else as at purchase.
  topup_data: row.topup_data && {
    ...row.topup_data,
    ...(row.offer_name ? { offer_name: row.offer_name } : {}),
    ...(row.game_title ? { game_title: row.game_title } : {}),
    ...(row.field_values ? { field_values: row.field_values } : {}),
  },
  unit: row.unit,
  region: row.region_code === null ? null : { code: row.region_code, name: row.region_name ?? row.region_code },
});

const toOrderView = (order: ShopperOrder, items: OrderItem[]): Serializable<Order> => ({
  id: order.id,
  created_at: order.created_at,
  status: order.status,
  total: fromMinor(order.total),
  discount: fromMinor(order.discount),
  promo_code: order.promo_code,
  ...(order.promotion_discount > 0 ? { promotion_discount: fromMinor(order.promotion_discount) } : {}),
  currency: order.currency,
  notices: noticesForApi(order.notices),
  payment_method: order.payment_method,
  returned_to_cart: order.returned_to_cart,
  // Only that the delivery is late: why is for the back office.
  delayed: order.attention_since !== null,
  items,
});

export function createOrdersService(deps: { db: Knex; codeCrypto: CodeCrypto }) {
  const { db, codeCrypto } = deps;

  return {
    /** The user's orders, their products' texts in `language`. */
    async list(userId: number, language: ContentLanguage, search?: string): Promise<Serializable<Order>[]> {
      const orders = await ordersDal.listOwn(db, userId, search);
      if (orders.length === 0) return [];
      const items = await ordersDal.itemsOf(
        db,
        orders.map((order) => order.id),
        { withCodes: false, language },
      );
      const byOrder = groupBy(items, (item) => item.order_id);
      return orders.map((order) => toOrderView(order, (byOrder.get(order.id) ?? []).map(toItemView)));
    },

    /**
     * One of the viewer's own orders (another's is a 404, not a 403: its existence is not revealed).
     * Codes are shown only once the order is completed, and their showing is recorded.
     */
    async detail(viewer: Viewer, orderId: number, language: ContentLanguage): Promise<Serializable<OrderDetail>> {
      // One connection runs one query at a time: the reads go one after another.
      const read = await readInOneSnapshot(db, async (trx) => {
        const order = await ordersDal.findOwn(trx, viewer.userId, orderId);
        if (!order) return undefined;
        const delivered = order.status === 'completed';
        const rows = await ordersDal.itemsOf(trx, [order.id], { withCodes: delivered, language });
        const payment = await ordersDal.paymentOf(trx, order.id);
        const refunds = await refundsOfOrder(trx, order.id);
        return { order, delivered, rows, payment, refunds };
      });
      if (!read) throw notFound('Order');
      const { order, delivered, rows, payment, refunds } = read;
      const items = rows.map((row) => ({
        ...toItemView(row),
        code:
          delivered && row.code_encrypted
            ? { code: codeCrypto.decrypt(row.code_encrypted), activatedAt: row.activated_at ?? null, activatedPlayerId: row.activated_player_id ?? null }
            : null,
      }));
      const revealedItemIds = items.filter((item) => item.code !== null).map((item) => item.id);
      // The reveal is recorded before the response is sent: a code is never shown without its record.
      if (revealedItemIds.length > 0) await ordersDal.recordReveals(db, viewer, revealedItemIds);
      return {
        ...toOrderView(order, []),
        items,
        payment: payment
          ? {
              method: payment.method,
              provider: payment.provider,
              status: payment.status,
              amount: fromMinor(payment.amount),
              currency: payment.currency,
              refunded: fromMinor(payment.refunded_amount),
            }
          : null,
        refunds: refunds.map(({ destination, amount, currency, status, created_at }) => ({
          destination,
          amount: fromMinor(amount),
          currency,
          status,
          created_at,
        })),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
