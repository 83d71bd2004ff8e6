import type { Knex } from 'knex';
import { fromMinor, type BalanceCurrency } from '@topup/common';
import type { CheckoutAnswer } from '@topup/common/api';
import { placeCartOrder } from '../orders/order-placement';
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
        const { orderId, total, productIds } = await placeCartOrder(trx, userId, currency, { method: 'balance' });
        // The codes sold: every process shows the new stock once this commits.
        catalogueChanges.products(trx, productIds);
        return { orderId, status: 'processing', total: fromMinor(total), currency };
      }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
