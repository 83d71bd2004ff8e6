import { ORDER_STATUSES, type OrderStatus } from './rules';

/** Who moves an order: the store's own flow (payments, fulfilment, hold expiry) or an admin in the back office. */
export type OrderActor = 'system' | 'admin';

export interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderActor[];
}

/**
 * The order state machine. An order starts 'pending' when it waits for a
 * gateway payment and 'processing' when it was paid from the balance; every later change of its status
 * is one of these transitions, made only by the actors named.
 */
export const ORDER_TRANSITIONS = {
  /** The gateway payment arrived while the order still held its codes. */
  pay: { from: ['pending'], to: 'processing', by: ['system'] },
  /** Delivered by fulfilment, or (a top-up) credited outside the store, which an admin records. */
  complete: { from: ['processing'], to: 'completed', by: ['system', 'admin'] },
  /** The delivery failed, or the store stopped it: what was paid goes back. */
  fail: { from: ['processing'], to: 'failed', by: ['system', 'admin'] },
  /** The back office's refund of a paid order, delivered or not; or the gateway's own (Payme cancelling a performed transaction). */
  refund: { from: ['processing', 'completed'], to: 'failed', by: ['admin', 'system'] },
  /** Never paid: declined, expired, not started by the gateway, or cancelled by the store. */
  cancel: { from: ['pending'], to: 'cancelled', by: ['system', 'admin'] },
  /** The back office sends a failed order to fulfilment again; the buyer pays again. */
  rerun: { from: ['failed'], to: 'processing', by: ['admin'] },
} as const satisfies Record<string, OrderTransition>;

export type OrderTransitionName = keyof typeof ORDER_TRANSITIONS;

/** The status a new order is written with. */
export const initialOrderStatus = (paid: boolean): OrderStatus => (paid ? 'processing' : 'pending');

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether `actor` may make the transition `name` from `from`. */
export function canTransition(name: OrderTransitionName, from: OrderStatus, actor: OrderActor): boolean {
  const transition: OrderTransition = ORDER_TRANSITIONS[name];
  return transition.from.includes(from) && transition.by.includes(actor);
}

/** The transitions an admin makes by choosing an order's next status; the refund has an action of its own. */
const STATUS_CHANGES = ['cancel', 'complete', 'fail', 'rerun'] as const satisfies readonly OrderTransitionName[];

export type AdminStatusChange = (typeof STATUS_CHANGES)[number];

/** The transition an admin's change of an order from `from` to `to` makes, if it is allowed. */
export function adminStatusChange(from: OrderStatus, to: OrderStatus): AdminStatusChange | undefined {
  return STATUS_CHANGES.find((name) => ORDER_TRANSITIONS[name].to === to && canTransition(name, from, 'admin'));
}

/** The statuses an admin may move an order in `from` to; none for an unknown status. */
export function adminNextStatuses(from: unknown): OrderStatus[] {
  if (!isOrderStatus(from)) return [];
  return STATUS_CHANGES.filter((name) => canTransition(name, from, 'admin')).map((name) => ORDER_TRANSITIONS[name].to);
}

/**
 * What an order's timeline records (the order_events table): its placement, its gateway payment,
 * every status change, each delivery attempt with the provider's answer, codes handed over, refunds,
 * the back office's notes, the needs-attention flag and an admin's retry of the delivery.
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'payment_created',
  'payment_succeeded',
  'payment_declined',
  'payment_late',
  'status_changed',
  'delivery_attempt',
  'codes_delivered',
  'refunded',
  'note',
  'attention_raised',
  'attention_cleared',
  'retry_requested',
] as const;

export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Longest back-office note on an order. */
export const ORDER_NOTE_MAX_LENGTH = 2000;
