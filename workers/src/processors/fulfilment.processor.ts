import { DelayedError } from 'bullmq';
import { createFulfilmentService, createGameProvider, createSupplierProviders, measureDeliveryCalls, SupplierOrderPendingError } from '@topup/api';
import { createCodeCrypto } from '@topup/server-kit';
import { isFinalAttempt } from './attempts';
import type { ProcessorFactory } from './index';

/** The first look-up of a supplier order still pending waits this long; each next one twice as long, up to the last. */
export const SUPPLIER_POLL_FIRST_MS = 5_000;
export const SUPPLIER_POLL_LAST_MS = 5 * 60_000;

/** How long the `polls`-th look-up of a pending supplier order waits (1: the first). */
export const supplierPollDelayMs = (polls: number): number => Math.min(SUPPLIER_POLL_FIRST_MS * 2 ** (polls - 1), SUPPLIER_POLL_LAST_MS);

/**
 * Delivers one paid order: codes, or a top-up through its supplier sources (the sandbox game provider
 * needs the workers' Redis). The service is idempotent, so a retried or duplicated job is harmless.
 *
 * A supplier order still pending puts the job back to wait, without spending one of its attempts: it runs
 * again later and looks the order up by our reference (polling, beside the supplier's notice, whichever
 * comes first), sooner at first and every 5 minutes at the most, for as long as the order stays pending
 * (an order late for that long is flagged for a person meanwhile). A failure of the last attempt leaves
 * the order processing, flagged for a person (who may retry it from the back office).
 */
export const createFulfilmentProcessor: ProcessorFactory<'fulfilment'> = ({ config, db, logger, redis, supplierCalls }) => {
  const games = redis ? createGameProvider(config, { redis }) : undefined;
  // Every source's deliveries timed, the sandbox's too (it stands in for the sandbox supplier it is).
  const sources = { ...(games ? { sandbox: games } : {}), ...createSupplierProviders(config, { logger }) };
  const suppliers = supplierCalls
    ? Object.fromEntries(Object.entries(sources).map(([kind, provider]) => [kind, measureDeliveryCalls(provider, kind, supplierCalls)]))
    : sources;
  const fulfilment = createFulfilmentService({ db, logger, games, suppliers, codeCrypto: createCodeCrypto(config.codesKey) });
  return async (job, token) => {
    try {
      await fulfilment.fulfilOrder(job.data.orderId, { finalAttempt: isFinalAttempt(job) });
    } catch (err) {
      if (!(err instanceof SupplierOrderPendingError) || token === undefined) throw err;
      const polls = (job.data.supplierPolls ?? 0) + 1;
      await job.updateData({ ...job.data, supplierPolls: polls });
      await job.moveToDelayed(Date.now() + supplierPollDelayMs(polls), token);
      throw new DelayedError();
    }
  };
};
