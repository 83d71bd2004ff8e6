import type { Knex } from 'knex';
import type { ContentLanguage } from '@topup/common/api';
import { prepared } from '@topup/server-kit';
import { localizedColumn } from '../../lib/translations';
import { Order, type OrderItem, type Payment, type Product, type Region, type StockCode } from '../../models';

const ORDER_COLUMNS = ['id', 'created_at', 'status', 'total', 'discount', 'promotion_discount', 'currency', 'notices', 'payment_method', 'returned_to_cart', 'attention_since'] as const;

/** The promo code an order was placed with, by its text (docs/architecture.md, "Promo codes"). */
const promoCodeColumn = (db: Knex) => db.raw('(SELECT pc.code FROM promo_codes pc WHERE pc.id = orders.promo_code_id) AS promo_code');

/** An order as its shopper sees it. */
export type ShopperOrder = Pick<Order, (typeof ORDER_COLUMNS)[number]> & { promo_code: string | null };

/** An order item with its catalogue product and region (null for items without one: top-ups, global codes). */
export type OrderItemWithProduct = Pick<OrderItem, 'id' | 'order_id' | 'item_type' | 'amount' | 'game_amount' | 'topup_data'> & {
  product_title: Product['title'] | null;
  /** What game_amount counts: the region's game currency, else the product's; null on a top-up. */
  unit: string | null;
  region_code: Region['code'] | null;
  /** In the asked language. */
  region_name: Region['name'] | null;
  product_slug: Product['slug'] | null;
  product_image_url: Product['image_url'] | null;
  product_activation_instructions: Product['activation_instructions'] | null;
  /**
   * A top-up's denomination named in the language asked for (null for other items, a top-up of several
   * packages or of an amount, or a denomination since deleted).
   */
  offer_name: string | null;
  /** The game's title in the language asked for, on a top-up sent with the game's fields (null otherwise). */
  game_title: string | null;
  /** On a top-up sent with the game's fields: each field the shopper filled, in the game's order, labelled in the language asked for. */
  field_values: Array<{ key: string; label: string; value: string }> | null;
  /** The delivered activation code, encrypted; selected only when asked for. */
  code_encrypted?: StockCode['code_encrypted'] | null;
  /** When and for which player the code was activated on the store's Activate tab (a Free Fire code); with the code only. */
  activated_at?: StockCode['activated_at'] | null;
  activated_player_id?: StockCode['activated_player_id'] | null;
};

/** Who is looking at an order's codes, and from where; every reveal is recorded (once an hour per item and viewer). */
export interface Viewer {
  userId: number;
  ip: string | null;
  userAgent: string | null;
}

/** Data access for a shopper's orders; every function takes the connection or transaction to use. */
export const ordersDal = {
  /** The user's orders, newest first; `search` keeps those whose number contains these digits. */
  async listOwn(db: Knex, userId: number, search?: string): Promise<ShopperOrder[]> {
    const query = Order.query(db).select([...ORDER_COLUMNS, promoCodeColumn(db)]).where({ user_id: userId });
    if (search) query.andWhereRaw('id::text like ?', [`%${search}%`]);
    return query.orderBy('id', 'desc').castTo<ShopperOrder[]>();
  },

  findOwn: (db: Knex, userId: number, orderId: number): Promise<ShopperOrder | undefined> =>
    prepared('orders.find-own', db('orders').select([...ORDER_COLUMNS, promoCodeColumn(db)]).where({ id: orderId, user_id: userId }).first()),

  /**
   * Items of these orders in order, with their product's and region's texts in `language` as the catalogue
   * has them now (not as at purchase); with `withCodes`, also each item's encrypted code.
   */
  itemsOf(db: Knex, orderIds: number[], options: { withCodes: boolean; language: ContentLanguage }): Promise<OrderItemWithProduct[]> {
    const query = db('order_items as oi')
      .leftJoin('products as p', 'p.id', 'oi.product_id')
      .leftJoin('regions as r', 'r.id', 'oi.region_id')
      .leftJoin('product_regions as pr', (join) => void join.on('pr.product_id', 'oi.product_id').andOn('pr.region_id', 'oi.region_id'))
      // One statement text for any number of orders and any language, so it can be prepared.
      .whereRaw('oi.order_id = any(?)', [orderIds])
      .select(
        'oi.id',
        'oi.order_id',
        'oi.item_type',
        'oi.amount',
        'oi.game_amount',
        'oi.topup_data',
        localizedColumn(db, 'p', 'title', options.language, 'product_title'),
        'p.slug as product_slug',
        'p.image_url as product_image_url',
        localizedColumn(db, 'p', 'activation_instructions', options.language, 'product_activation_instructions'),
        db.raw("CASE WHEN oi.item_type = 'code' THEN coalesce(nullif(pr.game_currency, ''), p.game_currency) END as unit"),
        'r.code as region_code',
        localizedColumn(db, 'r', 'name', options.language, 'region_name'),
        // The denomination a top-up's offer_id names within its game (its item id, else its id), as the top-up named it.
        db.raw(
          `(select nullif(localized(d.name, d.translations, ?, 'name'), '') from game_denominations d
             join games g on g.id = d.game_id join products gp on gp.id = g.product_id
            where gp.slug = oi.topup_data ->> 'service' and coalesce(d.item_id, d.id)::text = oi.topup_data ->> 'offer_id') as offer_name`,
          [options.language],
        ),
        db.raw(
          `(select localized(gp.title, gp.translations, ?, 'title') from products gp
            where oi.topup_data ->> 'game_title' is not null and gp.slug = oi.topup_data ->> 'service') as game_title`,
          [options.language],
        ),
        db.raw(
          `(select jsonb_agg(jsonb_build_object(
                     'key', f ->> 'key',
                     'label', coalesce(nullif(f -> 'translations' -> ? ->> 'label', ''), f ->> 'label'),
                     'value', oi.topup_data -> 'fields' ->> (f ->> 'key')) order by n)
              from products gp join games g on g.product_id = gp.id, jsonb_array_elements(g.fields) with ordinality as e (f, n)
             where gp.slug = oi.topup_data ->> 'service' and oi.topup_data -> 'fields' ->> (f ->> 'key') is not null) as field_values`,
          [options.language],
        ),
      )
      .orderBy(['oi.order_id', 'oi.id']);
    if (!options.withCodes) return prepared('orders.items', query);
    return prepared(
      'orders.items-with-codes',
      query.leftJoin('stock_codes as c', 'c.id', 'oi.stock_code_id').select('c.code_encrypted', 'c.activated_at', 'c.activated_player_id'),
    );
  },

  /** The order's gateway payment, as its receipt shows it. */
  paymentOf: (db: Knex, orderId: number) =>
    prepared(
      'orders.payment',
      db('payments')
        .where({ order_id: orderId })
        .orderBy('id', 'desc')
        .first<Pick<Payment, 'method' | 'provider' | 'status' | 'amount' | 'currency' | 'refunded_amount'> | undefined>(
          'method',
          'provider',
          'status',
          'amount',
          'currency',
          'refunded_amount',
        ),
    ),

  /**
   * Records that the viewer saw these items' codes: once per item, viewer and hour (the unique key
   * code_reveals_hourly_unique), so an order page polled all day adds a row an hour, not one a poll.
   */
  recordReveals: (db: Knex, viewer: Viewer, orderItemIds: number[]) =>
    prepared(
      'orders.record-reveals',
      db.raw(
        `INSERT INTO code_reveals (order_item_id, user_id, ip, user_agent)
         SELECT unnest(?::bigint[]), ?, ?, ?
         ON CONFLICT (order_item_id, user_id, reveal_hour) DO NOTHING`,
        [orderItemIds, viewer.userId, viewer.ip, viewer.userAgent],
      ),
    ),
};
