import type { Knex } from 'knex';
import type { CodeCrypto } from '@topup/server-kit';
import type { Logger } from '../../logger';
import type { GameProvider } from '../../providers/game';
import { lockOrder, markCompleted, raiseAttention, type LockedOrder } from '../orders/order-lifecycle';
import { STORE } from '../orders/order-events';
import { fulfilmentDal } from './fulfilment.dal';
import type { SupplierProviders } from './supplier-credit';
import { createTopupDelivery } from './topup-delivery';

/**
 * `games` (the game provider, which redeems codes and is the sandbox supplier), `suppliers` (the other
 * suppliers set up, by kind) and `codeCrypto` deliver top-up orders; a process built without them (a test of
 * code orders) fails a top-up order's job instead, so the queue retries it.
 */
export function createFulfilmentService(deps: { db: Knex; logger: Logger; games?: GameProvider; suppliers?: SupplierProviders; codeCrypto?: CodeCrypto }) {
  const { db, logger, games, codeCrypto } = deps;
  const topups = games && codeCrypto ? createTopupDelivery({ db, logger, games, suppliers: { sandbox: games, ...deps.suppliers }, codeCrypto }) : undefined;

  /** Hands over a code order: its reserved codes become sold, then the order is completed. */
  async function deliverCodes(trx: Knex.Transaction, order: LockedOrder): Promise<void> {
    const { expected, sold } = await fulfilmentDal.sellReservedCodes(trx, order.id);
    // A paid order whose codes were released elsewhere must not be completed without them.
    if (sold !== expected) {
      throw new Error(`Order ${order.id}: ${sold} of its ${expected} codes are still reserved for it`);
    }
    await markCompleted(trx, order, 'system', [], STORE, [{ kind: 'codes_delivered', payload: { codes: sold } }]);
    logger.info({ orderId: order.id, codes: sold }, 'Code order fulfilled');
  }

  /**
   * The job's last attempt failed: the order stays processing (nothing refunded: the provider may yet
   * have credited it) and is flagged for a person with the last error.
   */
  async function flagForAttention(orderId: number, err: unknown): Promise<void> {
    const reason = err instanceof Error ? err.message : String(err);
    const raised = await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      return order ? raiseAttention(trx, order, reason) : false;
    });
    if (raised) logger.error({ orderId, reason }, 'Delivery ran out of attempts: order flagged for attention');
  }

  /**
   * Idempotent: the queue may run it twice, concurrently, or again after a crash; the order row lock
   * serialises runs and only an order still 'processing' is worked on. A top-up is handed to the
   * top-up delivery after the lock is released, so the game is never called inside a transaction; it
   * re-checks the order under its own short locks.
   */
  async function deliver(orderId: number): Promise<void> {
    const handOver = await db.transaction(async (trx): Promise<'topup' | undefined> => {
      const order = await lockOrder(trx, orderId);
      if (!order) {
        logger.warn({ orderId }, 'Fulfilment skipped: no such order');
        return undefined;
      }
      if (order.status !== 'processing') return undefined;
      switch (order.kind) {
        case 'codes':
          await deliverCodes(trx, order);
          return undefined;
        case 'topup':
          return 'topup';
        default: {
          const unknownKind: never = order.kind;
          throw new Error(`Order ${orderId} has an unknown kind: ${String(unknownKind)}`);
        }
      }
    });
    if (handOver !== 'topup') return;
    if (!topups) throw new Error(`Order ${orderId} is a top-up, and this process has no game provider to deliver it`);
    await topups.deliver(orderId);
  }

  return {
    /**
     * Delivers one paid order (see deliver). `finalAttempt`: this is the job's last attempt, so a
     * failure now flags the order for a person before it is thrown.
     */
    async fulfilOrder(orderId: number, options: { finalAttempt?: boolean } = {}): Promise<void> {
      try {
        await deliver(orderId);
      } catch (err) {
        if (options.finalAttempt) await flagForAttention(orderId, err);
        throw err;
      }
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
