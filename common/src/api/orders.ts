import Type, { type Static } from 'typebox';
import { BALANCE_CURRENCIES, ORDER_CURRENCIES } from '../money';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../rules';
import { BigIdParams, ContentLanguageQuery, contentLanguageField, endpoint, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { OrderNotices } from './order-notices';

/*
 * A shopper's orders: amounts are decimals in the order's currency.
 */

export const BalanceCurrency = StringEnum(BALANCE_CURRENCIES);
/** An order's currency: a balance currency, or UZS (paid only through a gateway that takes sums). */
export const OrderCurrency = StringEnum(ORDER_CURRENCIES);
export const OrderStatus = StringEnum(ORDER_STATUSES);
export const PaymentStatus = StringEnum(PAYMENT_STATUSES);
/** What a gateway's pay page takes: a card, the quick-payment system (SBP), or Payme's or Click's checkout (Uzcard, Humo). */
export const GATEWAY_METHODS = ['card', 'sbp', 'payme', 'click'] as const;
export const GatewayMethod = StringEnum(GATEWAY_METHODS);
/** How an order was paid: from the balance, or through a gateway by card, by SBP, through Payme or through Click. */
export const ORDER_PAYMENT_METHODS = ['balance', ...GATEWAY_METHODS] as const;
export const OrderPaymentMethod = StringEnum(ORDER_PAYMENT_METHODS);
export const OrderItemType = StringEnum(['code', 'topup'], { description: 'An activation code, or a game top-up.' });
/** Where money given back goes: the shopper's balance, or the card the order was paid with. */
export const REFUND_DESTINATIONS = ['balance', 'card'] as const;
export const RefundDestination = StringEnum(REFUND_DESTINATIONS);
export const RefundStatus = StringEnum(['pending', 'succeeded', 'failed']);

/** What a top-up line holds, as the server priced and verified it. */
export const OrderTopupData = Nullable(
  Type.Record(Type.String(), Type.Unknown(), {
    description:
      "A top-up: service (the game's slug), login, player_id, player_name, offer_id, offer_name (the denomination's name in the asked language where the order names one), price_usd, price_rub, input_currency, currency, commission, image_url; PUBG (and any denomination delivered from codes) also packages, Steam also amount and user_balance_currency; a top-up sent with the game's fields also fields, denomination_id, unit, game_title (in the asked language) and field_values (each field filled, in the game's order: key, label in the asked language, value). null on a code.",
  }),
);

export const OrderItem = Type.Object({
  id: Type.Integer(),
  item_type: OrderItemType,
  amount: Type.Number({ description: 'In the order currency.' }),
  game_amount: Nullable(Type.Integer({ description: 'In-game currency delivered; null on a Steam top-up.' })),
  product: Nullable(
    Type.Object(
      {
        slug: Type.String({ description: 'Its page: /products/<slug> (freefire: the page whose Activate tab takes its codes).' }),
        title: Type.String(),
        image_url: Type.String({ description: "'' when the product has no picture." }),
        activation_instructions: Type.String(),
      },
      { description: 'The catalogue product of a code; null on a top-up.' },
    ),
  ),
  topup_data: OrderTopupData,
  unit: Nullable(Type.String({ description: 'What `game_amount` counts (UC, Diamonds, EUR, USD …): the region\'s game currency, else the product\'s. null on a top-up (its `service` says).' })),
  region: Nullable(
    Type.Object(
      { code: Type.String({ description: "'TR', 'US', 'EU' …" }), name: Type.String({ description: 'In the asked language.' }) },
      { description: 'The region a code works in (only there); null on a global code or a top-up.' },
    ),
  ),
});
export type OrderItem = Static<typeof OrderItem>;

const orderFields = {
  id: Type.Integer({ description: 'The order number.' }),
  created_at: Timestamp,
  status: OrderStatus,
  total: Type.Number({ description: 'In `currency`: what was charged, after any promo code.' }),
  discount: Type.Number({ description: 'What a promo code took off, in `currency`; 0 without one.' }),
  promo_code: Nullable(Type.String({ description: 'The promo code the order was placed with.' })),
  promotion_discount: Type.Optional(Type.Number({ description: 'What promotions took off the list prices, in `currency`, before any promo code; present only when they did.' })),
  currency: OrderCurrency,
  notices: OrderNotices,
  payment_method: OrderPaymentMethod,
  returned_to_cart: Type.Boolean({ description: 'A declined or expired card order whose lines went back into the cart.' }),
  delayed: Type.Boolean({ description: 'A paid order whose delivery is taking longer than usual: the store is on it, and it needs no new payment.' }),
};

const orderExample = {
  id: 1042,
  created_at: '2026-11-23T13:26:00.000Z',
  status: 'completed',
  total: 1975,
  discount: 0,
  promo_code: null,
  currency: 'rub',
  notices: [],
  payment_method: 'balance',
  returned_to_cart: false,
  delayed: false,
};
const itemExample = {
  id: 2210,
  item_type: 'code',
  amount: 1975,
  game_amount: 25,
  product: { slug: 'pulse-card', title: 'Pulse Card', image_url: 'https://img.example/pulse.png', activation_instructions: 'Redeem in the launcher' },
  topup_data: null,
  unit: 'EUR',
  region: { code: 'EU', name: 'Европа' },
};

export const Order = Type.Object({ ...orderFields, items: Type.Array(OrderItem) }, { examples: [{ ...orderExample, items: [itemExample] }] });
export type Order = Static<typeof Order>;

/** How a gateway-paid order was paid: amounts in the charged currency (a USD order may be charged in RUB). */
export const OrderPayment = Type.Object({
  method: GatewayMethod,
  provider: Type.String({ description: 'The gateway: `yookassa`, `sandbox`.' }),
  status: PaymentStatus,
  amount: Type.Number(),
  currency: OrderCurrency,
  refunded: Type.Number({ description: 'Returned to the card so far.' }),
});
export type OrderPayment = Static<typeof OrderPayment>;

export const OrderRefund = Type.Object({
  destination: RefundDestination,
  amount: Type.Number({ description: 'In `currency`.' }),
  currency: OrderCurrency,
  status: RefundStatus,
  created_at: Timestamp,
});
export type OrderRefund = Static<typeof OrderRefund>;

export const OrderDetail = Type.Object(
  {
    ...orderFields,
    items: Type.Array(
      Type.Object({
        ...OrderItem.properties,
        code: Nullable(
          Type.Object(
            {
              code: Type.String(),
              activatedAt: Nullable(Timestamp),
              activatedPlayerId: Nullable(Type.String({ description: 'The player a Free Fire code was activated for on the store’s Activate tab.' })),
            },
            { description: 'The activation code, once the order is completed; null before. `activatedAt` is set once it was used on the Activate tab.' },
          ),
        ),
      }),
    ),
    payment: Nullable(Type.Object(OrderPayment.properties, { description: 'The gateway payment; null for an order paid from the balance.' })),
    refunds: Type.Array(OrderRefund),
  },
  { examples: [{ ...orderExample, items: [{ ...itemExample, code: { code: 'PULSE-7K2Q-9WXM', activatedAt: null, activatedPlayerId: null } }], payment: null, refunds: [] }] },
);
export type OrderDetail = Static<typeof OrderDetail>;

export const ListOrdersQuery = Strict({
  lang: contentLanguageField,
  search: Type.Optional(Type.String({ pattern: '^[0-9]*$', maxLength: 19, description: 'Digits of an order number; empty lists every order.' })),
});
export type ListOrdersQuery = Static<typeof ListOrdersQuery>;

/** What the order event stream tells of one of the shopper's orders that changed: enough to fetch it again. */
export const OrderChange = Type.Object(
  { id: Type.Integer({ description: 'The order number.' }), status: OrderStatus },
  { examples: [{ id: 1042, status: 'completed' }] },
);
export type OrderChange = Static<typeof OrderChange>;

/** The events of `GET /orders/events`, by name. */
export const ORDER_STREAM_EVENTS = {
  order: "One of your orders changed (its status, codes, delay or refund): the data is the order's number and status.",
  resync: 'Changes may have been missed (the store lost its feed for a moment): fetch your orders again. No data.',
  replaced:
    'You opened more streams than the store keeps per account (5 by default), and this is the oldest: the stream ends. Do not reconnect, or it closes your next oldest; poll instead. No data.',
} as const;

const tag = 'Orders';

export const ordersEndpoints = {
  events: endpoint({
    method: 'get',
    path: '/orders/events',
    auth: 'user',
    tag,
    summary: 'Your orders as they change (Server-Sent Events)',
    description:
      'A `text/event-stream` that stays open and sends an event whenever one of your orders changes, whichever store process made the change. A comment line is sent every 15 seconds (by default) to keep the connection open; the stream ends when the session does (checked at each of those lines), and the client reconnects with its token in the `Authorization` header, never in the URL. An account keeps a few streams open (5 by default): opening one more ends its oldest with `event: replaced`. A server with its most streams open refuses a new one with 503 SERVICE_BUSY and `Retry-After`.',
    response: OrderChange,
    eventStream: ORDER_STREAM_EVENTS,
    errors: [503],
    responseHeaders: { 'Cache-Control': '`no-store`: every answer is live.' },
  }),
  list: endpoint({
    method: 'get',
    path: '/orders',
    auth: 'user',
    tag,
    summary: 'Your orders, newest first',
    description:
      'Every order with its lines; activation codes are never in the list (open the order). Product and region names in `?lang=`, else Accept-Language, else Russian.',
    query: ListOrdersQuery,
    response: Type.Array(Order),
  }),
  get: endpoint({
    method: 'get',
    path: '/orders/:id',
    auth: 'user',
    tag,
    summary: 'One of your orders, with its codes once completed',
    description:
      "Codes are shown only once the order is completed, and every showing is recorded. Another shopper's order is 404, as an unknown one. The answer is never cached (`Cache-Control: no-store`).",
    params: BigIdParams,
    query: ContentLanguageQuery,
    response: OrderDetail,
    errors: [404],
    responseHeaders: { 'Cache-Control': '`no-store`: the answer may hold activation codes.' },
  }),
};
