import type { Knex } from 'knex';
import { fromMinor, type BalanceCurrency, type OrderStatus } from '@topup/common';
import { changeBalance } from '@topup/server-kit';
import { enqueueJob } from '../../lib/outbox';
import { placeCodeOrder, takeCartStock } from '../orders/order-placement';

export interface CheckoutResult {
  orderId: number;
  status: OrderStatus;
  /** Decimal amount charged, in `currency`. */
  total: number;
  currency: BalanceCurrency;
}

export function createCheckoutService(deps: { db: Knex }) {
  const { db } = deps;

  return {
    /**
     * Pays the whole cart from the balance in one transaction: codes taken, balance debited, order
     * written, cart emptied and fulfilment queued all commit together, or nothing happens at all.
     * Prices are the stock's own; the client only chooses the currency.
     */
    payFromBalance: (userId: number, currency: BalanceCurrency): Promise<CheckoutResult> =>
      db.transaction(async (trx) => {
        const stock = await takeCartStock(trx, userId, currency);
        const { total } = stock;
        const orderId = await placeCodeOrder(trx, { userId, currency, stock, payment: { method: 'balance' } });
        // The ledger refuses a zero movement; a cart of free codes has nothing to pay.
        if (total > 0) {
          await changeBalance(trx, {
            userId,
            currency,
            amount: -total,
            reason: 'order_payment',
            reference: `order:${orderId}:payment`,
            orderId,
          });
        }
        await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId });
        return { orderId, status: 'processing', total: fromMinor(total), currency };
      }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
