import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { cancelUnpaid } from '../orders/order-lifecycle';
import { paymentsDal } from './payments.dal';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';

const BATCH_SIZE = 200;

export interface ExpiryRun {
  /** Orders cancelled because their hold ended unpaid. */
  orders: number;
  /** Codes given back to stock. */
  codes: number;
}

export function createReservationExpiryService(deps: { db: Knex; logger: Logger; catalogueChanges: CatalogueChanges }) {
  const { db, logger, catalogueChanges } = deps;

  return {
    /**
     * Ends the holds of unpaid card orders whose time is up (the reservation-expiry job): each such
     * order is cancelled, its payment expires and its codes go back on sale. Works in batches of
     * locked orders, skipping any another process holds (a payment being applied right now), any
     * whose payment the gateway has reported paid or the store decided to capture (the payment sweep
     * applies it), and any flagged for a person; only 'pending' orders are ever touched, so codes of
     * paid orders stay theirs. Idempotent.
     */
    async expireHolds(options: { batchSize?: number } = {}): Promise<ExpiryRun> {
      const batchSize = options.batchSize ?? BATCH_SIZE;
      const run: ExpiryRun = { orders: 0, codes: 0 };
      for (;;) {
        const batch = await db.transaction(async (trx) => {
          const orderIds = await paymentsDal.lockLapsedOrders(trx, batchSize);
          const codes = await cancelUnpaid(trx, orderIds, { notice: { code: 'PAYMENT_EXPIRED', params: {} }, paymentStatus: 'expired' });
          await catalogueChanges.ofOrders(trx, orderIds);
          return { orders: orderIds.length, codes };
        });
        run.orders += batch.orders;
        run.codes += batch.codes;
        if (batch.orders < batchSize) break;
      }
      if (run.orders > 0) logger.info(run, 'Unpaid card orders expired; their codes are back on sale');
      return run;
    },
  };
}

export type ReservationExpiryService = ReturnType<typeof createReservationExpiryService>;
