import type { Knex } from 'knex';
import { fromMinor, type BalanceCurrency } from '@topup/common';
import type { CheckoutAnswer } from '@topup/common/api';
import { changeBalance } from '@topup/server-kit';
import { enqueueJob } from '../../lib/outbox';
import { placeCodeOrder, takeCartStock } from '../orders/order-placement';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

export function createCheckoutService(deps: { db: Knex; catalogueChanges: CatalogueChanges }) {
  const { db, catalogueChanges } = deps;

  return {
    /**
     * Pays the whole cart from the balance in one transaction: codes taken, balance debited, order
     * written, cart emptied and fulfilment queued all commit together, or nothing happens at all.
     * Prices are the stock's own; the client only chooses the currency.
     */
    payFromBalance: (userId: number, currency: BalanceCurrency): Promise<Omit<CheckoutAnswer, 'success'>> =>
      db.transaction(async (trx) => {
        const stock = await takeCartStock(trx, userId, currency);
        const { total } = stock;
        const orderId = await placeCodeOrder(trx, { userId, currency, stock, payment: { method: 'balance' } });
        // The codes sold: every process shows the new stock once this commits.
        catalogueChanges.products(
          trx,
          stock.items.map((item) => item.option.product_id),
        );
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
