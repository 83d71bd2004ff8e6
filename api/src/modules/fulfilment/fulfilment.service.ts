import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { fulfilmentDal } from './fulfilment.dal';

export function createFulfilmentService(deps: { db: Knex; logger: Logger }) {
  const { db, logger } = deps;

  /** Hands over a code order: its reserved codes become sold, then the order is completed. */
  async function deliverCodes(trx: Knex.Transaction, orderId: number): Promise<void> {
    const expected = await fulfilmentDal.countItemCodes(trx, orderId);
    const sold = await fulfilmentDal.markReservedCodesUsed(trx, orderId);
    // A paid order whose codes were released elsewhere must not be completed without them.
    if (sold !== expected) {
      throw new Error(`Order ${orderId}: ${sold} of its ${expected} codes are still reserved for it`);
    }
    await fulfilmentDal.markCompleted(trx, orderId);
    logger.info({ orderId, codes: sold }, 'Code order fulfilled');
  }

  return {
    /**
     * Delivers one paid order. Idempotent: the queue may run it twice, concurrently, or again after a
     * crash; the order row lock serialises runs and only an order still 'processing' is worked on.
     */
    fulfilOrder: (orderId: number): Promise<void> =>
      db.transaction(async (trx) => {
        const order = await fulfilmentDal.lockOrder(trx, orderId);
        if (!order) {
          logger.warn({ orderId }, 'Fulfilment skipped: no such order');
          return;
        }
        if (order.status !== 'processing') return;
        switch (order.kind) {
          case 'codes':
            await deliverCodes(trx, order.id);
            return;
          case 'topup':
            logger.info({ orderId }, 'Fulfilment of top-up orders is not available in this process');
            return;
          default: {
            const unknownKind: never = order.kind;
            throw new Error(`Order ${orderId} has an unknown kind: ${String(unknownKind)}`);
          }
        }
      }),
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
