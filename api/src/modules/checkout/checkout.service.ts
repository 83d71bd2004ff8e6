import type { Knex } from 'knex';
import { fromMinor, type BalanceCurrency } from '@topup/common';
import type { CheckoutAnswer } from '@topup/common/api';
import { orderPlacedUnder, placeCartOrder } from '../orders/order-placement';
import type { IdempotencyClaim } from '../../types';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

export function createCheckoutService(deps: { db: Knex; catalogueChanges: CatalogueChanges }) {
  const { db, catalogueChanges } = deps;

  return {
    /**
     * Pays the whole cart from the balance in one transaction: codes taken, balance debited, order
     * written, cart emptied and fulfilment queued all commit together, or nothing happens at all.
     * Prices are the stock's own; the client only chooses the currency. A re-run of a request whose
     * Idempotency-Key already placed an order answers that order and charges nothing.
     */
    payFromBalance: (userId: number, currency: BalanceCurrency, claim?: IdempotencyClaim): Promise<Omit<CheckoutAnswer, 'success'>> =>
      db.transaction(async (trx) => {
        const earlier = await orderPlacedUnder(trx, userId, claim);
        if (earlier) return { orderId: earlier.id, status: 'processing', total: fromMinor(earlier.total), currency: earlier.currency };
        const { orderId, total, productIds } = await placeCartOrder(trx, userId, currency, { method: 'balance' }, claim?.key);
        // The codes sold: every process shows the new stock once this commits.
        catalogueChanges.products(trx, productIds);
        return { orderId, status: 'processing', total: fromMinor(total), currency };
      }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
