import type { Knex } from 'knex';
import type { OrderNotice } from '@topup/common/api';
import type { Payment, RowOf } from '../../models';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { recordOrderEvent } from '../orders/order-events';
import { cancelUnpaid, markPaid, type LockedOrder } from '../orders/order-lifecycle';
import { paymentsDal } from './payments.dal';

/**
 * What a gateway that calls the store's own API (Payme's Merchant API, Click's SHOP API; see
 * docs/architecture.md, "Payme" and "Click") does to an order and its payment. The caller holds the
 * order locked, in the transaction that records the gateway's transaction.
 */

/** The order's payment through `provider` (the latest), locked. */
export const latestPaymentOf = (trx: Knex.Transaction, orderId: number, provider: string): Promise<RowOf<Payment> | undefined> =>
  trx('payments').where({ order_id: orderId, provider }).orderBy('id', 'desc').forUpdate().first();

/** An order still waiting for its payment, holding its codes: the only kind a gateway's transaction may pay. */
export const awaitsPayment = (order: LockedOrder, payment: Pick<Payment, 'status'>): boolean =>
  order.status === 'pending' && order.hold_active && payment.status === 'pending';

/** The gateway took the money: the payment is paid and the order goes to fulfilment. */
export async function applyPaid(trx: Knex.Transaction, order: LockedOrder, paid: { paymentId: number; provider: string; transaction: string; amount: number }): Promise<void> {
  await paymentsDal.markPaymentPaid(trx, paid.paymentId);
  await recordOrderEvent(trx, order.id, 'payment_succeeded', { ...paid, currency: 'uzs' });
  await markPaid(trx, order);
}

/**
 * The gateway's transaction ended unpaid: an order still pending is cancelled with `notice`, its codes
 * back on sale and its lines back in the cart, as when its hold expires.
 */
export async function declineUnpaid(
  trx: Knex.Transaction,
  order: LockedOrder,
  catalogueChanges: CatalogueChanges,
  declined: { notice: OrderNotice; paymentStatus: 'declined' | 'expired'; facts: Record<string, unknown> },
): Promise<void> {
  if (order.status !== 'pending') return;
  await recordOrderEvent(trx, order.id, 'payment_declined', { ...declined.facts, notices: [declined.notice] });
  await cancelUnpaid(trx, [order.id], { notice: declined.notice, paymentStatus: declined.paymentStatus });
  await catalogueChanges.ofOrders(trx, [order.id]);
}
