import { GAME_SLUG_PATTERN, type PaymentStatus, toMinor } from '@topup/common';
import type { Order, OrderDetail, OrderRefund } from '@topup/common/api';
import { type Currency, parseCurrency } from '../../../lib/currency';

/** How the order was paid: from the balance, by card or by SBP (the order records which). */
type PaidBy = Order['payment_method'];

/** The detail's gateway payment: an order of the list has none. */
type WithPaymentDetail = Partial<Pick<OrderDetail, 'payment'>>;

/** The receipt's "Payment" line keys: the method alone, or a gateway method with its payment's status. */
export type PaymentLineKey = `orders.payment_line.${PaidBy}` | `orders.payment_line.${Exclude<PaidBy, 'balance'>}_${PaymentStatus}`;

/**
 * The receipt's "Payment" line: "Paid from the balance", "Paid by card", "Awaiting SBP payment",
 * "Card payment declined", "Paid by card, refunded"... from the gateway payment's status.
 */
export function paymentLineKey(order: Pick<Order, 'payment_method'> & WithPaymentDetail): PaymentLineKey {
  const method = order.payment_method;
  if (method === 'balance' || !order.payment) return `orders.payment_line.${method}`;
  return `orders.payment_line.${method}_${order.payment.status}`;
}

export interface ChargedLine {
  /** 'charged' once the money was taken, 'to_charge' while the payment is awaited. */
  kind: 'charged' | 'to_charge';
  amount: number;
  currency: Currency;
}

/**
 * The amount the gateway charged (or will charge), when it is not the order total as shown: another
 * currency (a USD order charged in rubles) or another amount. Null when it is the same, for balance
 * orders, and for payments that took nothing (declined, expired).
 */
export function chargedLine(order: Pick<Order, 'total' | 'currency'> & WithPaymentDetail): ChargedLine | null {
  const { payment } = order;
  if (!payment) return null;
  const kind = payment.status === 'paid' || payment.status === 'refunded' ? 'charged' : payment.status === 'pending' ? 'to_charge' : null;
  if (kind === null) return null;
  const same = payment.currency === order.currency && toMinor(Number(payment.amount)) === toMinor(Number(order.total));
  return same ? null : { kind, amount: Number(payment.amount), currency: parseCurrency(payment.currency) };
}

/**
 * Why a cancelled order did not go through: the gateway declined the payment, it was not paid in
 * time, or it was paid after the order had expired (the money then went to the balance). Null for
 * orders that are not cancelled or were not paid through the gateway.
 */
export type CancellationKind = 'declined' | 'expired' | 'late_credit';

export function cancellationKind(order: Pick<Order, 'status'> & WithPaymentDetail): CancellationKind | null {
  if (order.status !== 'cancelled') return null;
  switch (order.payment?.status) {
    case 'declined':
      return 'declined';
    case 'expired':
      return 'expired';
    case 'paid':
    case 'refunded':
      return 'late_credit';
    default:
      return null;
  }
}

const GAME_SLUG = new RegExp(GAME_SLUG_PATTERN);

/** The game page a cancelled or failed top-up can be tried again from (every game's is /products/<slug>), else null. */
export function retryPath(order: Pick<Order, 'status' | 'items'>): string | null {
  if (order.status !== 'cancelled' && order.status !== 'failed') return null;
  const topup = order.items.find((item) => item.item_type === 'topup');
  const service = topup?.topup_data?.service;
  return typeof service === 'string' && GAME_SLUG.test(service) ? `/products/${service}` : null;
}

export interface RefundLine {
  key: string;
  destination: OrderRefund['destination'];
  amount: number;
  currency: Currency;
  /** pending: on its way; done: made; failed: not made (a card refund the gateway refused, credited to the balance instead). */
  state: 'pending' | 'done' | 'failed';
  createdAt: string;
}

/** The order's refunds as the receipt lists them, oldest first. */
export function refundLines(refunds: readonly OrderRefund[] | undefined): RefundLine[] {
  return (refunds ?? []).map((refund, index) => ({
    key: `${refund.destination}-${refund.created_at}-${index}`,
    destination: refund.destination,
    amount: Number(refund.amount),
    currency: parseCurrency(refund.currency),
    state: refund.status === 'succeeded' ? 'done' : refund.status,
    createdAt: refund.created_at,
  }));
}
