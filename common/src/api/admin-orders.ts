import Type, { type Static } from 'typebox';
import { REFUND_NOTE_MAX_LENGTH } from '../admin-records';
import { ORDER_EVENT_KINDS, ORDER_NOTE_MAX_LENGTH } from '../order-lifecycle';
import { BigIdParams, EmptyObject, endpoint, Nullable, StringEnum, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';
import { AdminOrderItemDelivery } from './admin-suppliers';
import { AdminItemMargin, AdminOrderMargin } from './admin-margins';
import {
  OrderCurrency,
  GatewayMethod,
  OrderItemType,
  OrderPaymentMethod,
  OrderStatus,
  OrderTopupData,
  PaymentStatus,
  REFUND_DESTINATIONS,
  RefundDestination,
  RefundStatus,
} from './orders';
import { OrderNotices } from './order-notices';

const adminOrderExample = {
  id: 1042,
  userId: 7,
  userNickname: 'player_one',
  status: 'completed',
  kind: 'codes',
  paymentMethod: 'balance',
  currency: 'rub',
  total: 898,
  totalUsd: 9.98,
  discount: 0,
  promoCode: null,
  notices: [],
  createdAt: '2026-03-04T12:30:00.000Z',
  paidAt: '2026-03-04T12:30:00.000Z',
  completedAt: '2026-03-04T12:30:05.000Z',
  attentionReason: null,
  attentionSince: null,
};

/** An order as the back office lists it; amounts are decimals. */
export const AdminOrder = Type.Object(
  {
    id: Type.Integer(),
    userId: Type.Integer(),
    userNickname: Type.String(),
    status: OrderStatus,
    kind: StringEnum(['codes', 'topup']),
    paymentMethod: OrderPaymentMethod,
    currency: OrderCurrency,
    total: Type.Number({ description: 'In `currency`: charged, after any promo code.' }),
    totalUsd: Type.Number(),
    discount: Type.Number({ description: 'What a promo code took off, in `currency`; 0 without one.' }),
    promoCode: Nullable(Type.String({ description: 'The promo code the order was placed with.' })),
    promotionDiscount: Type.Optional(Type.Number({ description: 'What promotions took off the list prices, in `currency`, before any promo code; present only when they did.' })),
    notices: OrderNotices,
    createdAt: Timestamp,
    paidAt: Nullable(Timestamp),
    completedAt: Nullable(Timestamp),
    attentionReason: Nullable(
      Type.String({ description: "Why a processing order needs a person: its delivery ran out of attempts with this last error (e.g. the provider's answer). null otherwise." }),
    ),
    attentionSince: Nullable(Timestamp),
  },
  { examples: [adminOrderExample] },
);
export type AdminOrder = Static<typeof AdminOrder>;

export const AdminOrderItem = Type.Object({
  id: Type.Integer(),
  itemType: OrderItemType,
  productTitle: Nullable(Type.String({ description: 'null on a top-up.' })),
  gameAmount: Nullable(Type.Integer()),
  amount: Type.Number({ description: 'In the order currency.' }),
  topupData: OrderTopupData,
  providerStatus: Type.Union([StringEnum(['pending', 'succeeded', 'failed']), Type.Null()], { description: "A top-up's delivery by the game; null on a code." }),
  delivery: Nullable(AdminOrderItemDelivery),
  margin: Nullable(Type.Object(AdminItemMargin.properties, { description: 'Its cost and margin; null for an item no supplier delivered.' })),
});
export type AdminOrderItem = Static<typeof AdminOrderItem>;

/** One event the gateway sent about a payment (a webhook, or a read-back of its state). */
export const AdminGatewayEvent = Type.Object({
  id: Type.Integer(),
  eventType: Type.String(),
  providerEventId: Type.String(),
  receivedAt: Timestamp,
  processedAt: Nullable(Timestamp),
});
export type AdminGatewayEvent = Static<typeof AdminGatewayEvent>;

/** The order's gateway payment (its latest); amounts in the charged currency (YooKassa charges a USD order in RUB). */
export const AdminOrderPayment = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  providerPaymentId: Nullable(Type.String({ description: "The gateway's own id; null until the gateway started the payment." })),
  method: GatewayMethod,
  status: PaymentStatus,
  amount: Type.Number(),
  refundedAmount: Type.Number(),
  currency: OrderCurrency,
  gatewayStatus: Nullable(Type.String({ description: 'What the gateway said when the payment was last read back.' })),
  createdAt: Timestamp,
  paidAt: Nullable(Timestamp),
  events: Type.Array(AdminGatewayEvent),
});
export type AdminOrderPayment = Static<typeof AdminOrderPayment>;

/** Money given back: a refund to the card, or a credit to the balance. */
export const AdminOrderRefund = Type.Object({
  id: Type.Integer(),
  destination: RefundDestination,
  amount: Type.Number({ description: 'In `currency`.' }),
  currency: OrderCurrency,
  status: RefundStatus,
  reason: Nullable(Type.String()),
  failure: Nullable(
    Type.String({ description: 'Why the gateway refused a card refund (then credited to the balance), or, while in doubt, what went wrong last.' }),
  ),
  inDoubt: Type.Boolean({
    description:
      'A pending card refund whose outcome at the gateway is unknown (no answer, an auth error, a failed read-back): never credited to the balance by the store; it is read back, and sent again only within 20 hours of its first sending; after that an operator decides.',
  }),
  createdAt: Timestamp,
});
export type AdminOrderRefund = Static<typeof AdminOrderRefund>;

/** One entry of an order's timeline. */
export const AdminOrderEvent = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(ORDER_EVENT_KINDS),
  actorId: Nullable(Type.Integer({ description: 'The admin behind the event; null for the store itself.' })),
  actorNickname: Nullable(Type.String()),
  payload: Type.Record(Type.String(), Type.Unknown(), {
    description:
      "What the event says: `reason`, `from`/`to` of a status change, the provider's `outcome`/`detail` of a delivery attempt, `amount` in minor units of `currency`, a note's `text`.",
  }),
  requestId: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type AdminOrderEvent = Static<typeof AdminOrderEvent>;

/** One order with its lines (never their codes), its gateway payment and the money given back, oldest first. */
export const AdminOrderDetail = Type.Object(
  {
    ...AdminOrder.properties,
    items: Type.Array(AdminOrderItem),
    payment: Nullable(Type.Object(AdminOrderPayment.properties, { description: 'null for an order paid from the balance.' })),
    refunds: Type.Array(AdminOrderRefund),
    timeline: Type.Array(AdminOrderEvent, { description: "The order's history, oldest first." }),
    margin: Nullable(Type.Object(AdminOrderMargin.properties, { description: 'Over its items delivered by suppliers; null when none was.' })),
  },
  {
    examples: [
      {
        ...adminOrderExample,
        items: [{ id: 2210, itemType: 'code', productTitle: 'Pulse Card', gameAmount: 25, amount: 898, topupData: null, providerStatus: null, delivery: null, margin: null }],
        payment: null,
        margin: null,
        refunds: [],
        timeline: [
          { id: 1, kind: 'placed', actorId: null, actorNickname: null, payload: { total: 89800, currency: 'rub', paymentMethod: 'balance' }, requestId: null, createdAt: '2026-03-04T12:30:00.000Z' },
        ],
      },
    ],
  },
);
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;

export { REFUND_NOTE_MAX_LENGTH };

export const ChangeOrderStatusBody = Type.Object({ status: OrderStatus }, { additionalProperties: false, examples: [{ status: 'cancelled' }] });
export type ChangeOrderStatusBody = Static<typeof ChangeOrderStatusBody>;

export const RefundOrderBody = Type.Object(
  {
    note: Type.Optional(Type.String({ maxLength: REFUND_NOTE_MAX_LENGTH, description: 'Added to the reason the shopper reads and to the ledger row.' })),
    destination: Type.Optional(
      StringEnum(REFUND_DESTINATIONS, { description: '`balance` (the default), or back to the card a gateway-paid order was paid with.' }),
    ),
  },
  { additionalProperties: false, examples: [{ note: 'Code did not work in the region', destination: 'balance' }] },
);
export type RefundOrderBody = Static<typeof RefundOrderBody>;

export { ORDER_NOTE_MAX_LENGTH };

export const AddOrderNoteBody = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: ORDER_NOTE_MAX_LENGTH }) },
  { additionalProperties: false, examples: [{ note: 'Called the buyer: the game account is theirs.' }] },
);
export type AddOrderNoteBody = Static<typeof AddOrderNoteBody>;

const tag = 'Back office: orders';

export const adminOrdersEndpoints = {
  list: listEndpoint({
    path: '/admin/orders',
    resource: 'orders',
    tag,
    summary: 'List orders',
    description:
      'Filters: `status`, `userId`, `createdFrom`, `createdTo` (a day of the store\'s calendar, inclusive, or an ISO 8601 time), `q` (an order number, `#1234` or `1234`), `needsAttention` (`true`: orders whose delivery ran out of attempts; `false`: the others), `id`. Sort: id, createdAt, total (by the USD value), status.',
    record: AdminOrder,
  }),
  get: endpoint({
    method: 'get',
    path: '/admin/orders/:id',
    auth: 'admin',
    tag,
    summary: 'Read an order',
    params: BigIdParams,
    response: AdminOrderDetail,
    errors: [404],
  }),
  changeStatus: endpoint({
    method: 'put',
    path: '/admin/orders/:id',
    auth: 'admin',
    tag,
    summary: "Change an order's status",
    description: [
      'Along the order state machine only (common/src/order-lifecycle.ts); any other change is 409 CONFLICT naming the statuses allowed. The same status again changes nothing.',
      'pending → cancelled: the unpaid-order cancellation (held codes back on sale, the payment expired).',
      'processing → completed: a top-up delivered outside the store only (a code order is 409).',
      'processing → failed: refunds what the buyer paid to the balance, as the refund call does.',
      "failed → processing: runs fulfilment again; codes of the same option are taken again and the buyer's balance is charged again (the failure refunded it); 409 OUT_OF_STOCK or INSUFFICIENT_BALANCE when that cannot be done.",
    ].join('\n\n'),
    params: BigIdParams,
    body: ChangeOrderStatusBody,
    response: AdminOrderDetail,
    errors: [404, 409],
  }),
  refund: endpoint({
    method: 'post',
    path: '/admin/orders/:id/refund',
    auth: 'admin',
    tag,
    summary: 'Refund an order',
    description:
      "Gives back what the buyer paid for the order and has not had back, once (a second refund, or one of an unpaid order, is 409), and marks it failed with the reason the shopper reads. `balance` credits the buyer's balance in the order currency; `card` asks the gateway for a refund of the payment (409 when the order was not paid through it), which the order's `refunds` show as pending until the gateway settles it; one the gateway refuses is credited to the balance instead. Delivered codes cannot be taken back: they stay used.",
    params: BigIdParams,
    body: RefundOrderBody,
    response: AdminOrderDetail,
    errors: [404, 409],
  }),
  retryDelivery: endpoint({
    method: 'post',
    path: '/admin/orders/:id/retry-delivery',
    auth: 'admin',
    tag,
    summary: "Retry a processing order's delivery",
    description:
      'For a processing order with no live delivery job (it ran out of attempts, `attentionReason` set, or Redis lost it): clears any flag and queues its fulfilment again, recorded on the timeline and in the audit log. While a delivery job is queued or running, and for an order that is not processing, 409 NOTHING_TO_RETRY, so a repeated click (by the same or another admin) queues nothing. To give the money back instead, use the refund.',
    params: BigIdParams,
    body: EmptyObject,
    response: AdminOrderDetail,
    errors: [404, 409],
  }),
  addNote: endpoint({
    method: 'post',
    path: '/admin/orders/:id/notes',
    auth: 'admin',
    tag,
    summary: 'Add a note to an order',
    description: "Appended to the order's timeline under the admin's name, and to the audit log. The shopper never sees it.",
    params: BigIdParams,
    body: AddOrderNoteBody,
    response: AdminOrderDetail,
    errors: [404],
  }),
};
