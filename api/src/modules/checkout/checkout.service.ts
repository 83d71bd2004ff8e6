import type { Knex } from 'knex';
import { fromMinor, type OrderCurrency } from '@topup/common';
import type { CheckoutAnswer } from '@topup/common/api';
import { assertPayableFromBalance, payCartFromBalance } from '../orders/order-placement';
import type { IdempotencyClaim } from '../../types';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

/** The answer's amounts (minor units in): the promotions' discount only when they took one. */
const amounts = (total: number, discount: number, promotionDiscount: number) => ({
  total: fromMinor(total),
  discount: fromMinor(discount),
  ...(promotionDiscount > 0 ? { promotion_discount: fromMinor(promotionDiscount) } : {}),
});

export function createCheckoutService(deps: { db: Knex; catalogueChanges: CatalogueChanges }) {
  const { db, catalogueChanges } = deps;

  return {
    /**
     * Pays the whole cart from the balance in one transaction: codes taken, balance debited, order
     * written, cart emptied and fulfilment queued all commit together, or nothing happens at all.
     * Prices are the stock's own; the client only chooses the currency. A re-run of a request whose
     * Idempotency-Key already placed an order answers that order and charges nothing. A currency no
     * balance is held in (UZS) is 409. Promotions and a promo code take their discounts off the total charged.
     */
    payFromBalance: async (userId: number, currency: OrderCurrency, claim?: IdempotencyClaim, promoCode?: string): Promise<Omit<CheckoutAnswer, 'success'>> => {
      assertPayableFromBalance(currency);
      const { order, productIds } = await payCartFromBalance(db, userId, currency, claim, promoCode);
      // The codes sold: every process shows the new stock (the statement has committed).
      catalogueChanges.products(db, productIds);
      return { orderId: order.id, status: 'processing', ...amounts(order.total, order.discount, order.promotion_discount), currency: order.currency };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
