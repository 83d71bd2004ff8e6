import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { RowOf, SupplierKind, SupplierOrder } from '../../models';
import { SUPPLIER_SIDE_REASONS, type DeliveryProvider, type DeliveryRequest, type ProviderOutcome, type ReceivedNotice, type RejectionReason } from '../../providers/game';
import { lockOrder } from '../orders/order-lifecycle';
import { recordOrderEvent } from '../orders/order-events';
import { enqueueJob } from '../../lib/outbox';
import { READ_BALANCES_JOB } from '../suppliers/supplier-balances';
import { suppliersDal, type SupplierBalanceState, type SupplierSource } from '../suppliers/suppliers.dal';

/** The providers of the suppliers this process is set up for, by kind. */
export type SupplierProviders = Partial<Record<SupplierKind, DeliveryProvider>>;

/**
 * Where one credit stands: delivered (the supplier's order id), waiting at a supplier, refused everywhere
 * for `reason`, waiting for a supplier's balance (no source is left, and one was short of balance), or
 * ended: the order is no longer being delivered (a concurrent run completed it, or it was refunded
 * meanwhile), so there is nothing left to do.
 */
export type CreditResult =
  | { kind: 'credited'; reference: string }
  | { kind: 'pending' }
  | { kind: 'refused'; reason: RejectionReason }
  | { kind: 'waiting_for_balance' }
  | { kind: 'ended' };

/** What is credited: an item (`packageIndex` null) or one of its packages, of a denomination (undefined: priced from an amount). */
export interface Credit {
  orderId: number;
  itemId: number;
  packageIndex: number | null;
  denominationId: number | undefined;
  request: Omit<DeliveryRequest, 'idempotencyKey' | 'product'>;
}

/** A supplier's order is still open: the delivery job waits and looks it up again later by our reference (workers' fulfilment processor). */
export class SupplierOrderPendingError extends Error {
  override name = 'SupplierOrderPendingError';
}

/** Bounds one run: every turn ends an attempt or returns. */
const MAX_TURNS = 50;

/**
 * Sources still worth an attempt: those not tried yet, and those that refused for want of balance whose
 * balance has since been read back, not under its threshold. Those known to be under their threshold come
 * last, so they are tried only when nothing else is left (docs/architecture.md, "Supplier balances").
 */
function sourcesLeft(
  sources: readonly SupplierSource[],
  attempts: ReadonlyArray<RowOf<SupplierOrder>>,
  balances: ReadonlyMap<number, SupplierBalanceState>,
): SupplierSource[] {
  const left = sources.filter((source) => {
    const latest = attempts.filter((attempt) => sameSource(attempt, source)).at(-1);
    if (!latest) return true;
    const balance = balances.get(source.supplier_id);
    return latest.reason === 'insufficient_balance' && !!balance?.checkedAt && !balance.low && balance.checkedAt > latest.updated_at;
  });
  const low = (source: SupplierSource) => balances.get(source.supplier_id)?.low === true;
  return [...left.filter((source) => !low(source)), ...left.filter(low)];
}

/** Whether a source's latest attempt at the credit was refused for want of balance. */
const shortOfBalance = (sources: readonly SupplierSource[], attempts: ReadonlyArray<RowOf<SupplierOrder>>): boolean =>
  sources.some((source) => attempts.filter((attempt) => sameSource(attempt, source)).at(-1)?.reason === 'insufficient_balance');

const sameSource = (attempt: RowOf<SupplierOrder>, source: SupplierSource) =>
  attempt.supplier_id === source.supplier_id && attempt.supplier_product_id === source.supplier_product_id;

/** A supplier's order ended: its balance is read again (a job, once this transaction commits). The sandbox keeps none. */
async function readBalanceAfter(trx: Knex.Transaction, supplier: SupplierKind, supplierId: number): Promise<void> {
  if (supplier !== 'sandbox') await enqueueJob(trx, 'supplier-catalogue', READ_BALANCES_JOB, { supplierId });
}

/** The order's timeline entry of an answer. */
const answerFacts = (attempt: RowOf<SupplierOrder>, supplier: SupplierKind, outcome: ProviderOutcome) => ({
  supplier,
  reference: attempt.reference,
  ...(attempt.package_index === null ? {} : { package: attempt.package_index }),
  outcome: outcome.status,
  ...(outcome.status === 'rejected' ? { reason: outcome.reason, detail: outcome.detail } : { supplierOrderId: outcome.reference }),
});

/**
 * Credits through the denomination's supplier sources (docs/architecture.md, "Suppliers"), never twice:
 * - every attempt is written ('creating') with our reference before the supplier is called;
 * - an attempt without a known end (a timeout, a 5xx, a crash, a pending order) is looked up by that reference
 *   first, and sent again only when the supplier knows no order of it;
 * - only a definite supplier-side refusal (SUPPLIER_SIDE_REASONS) moves on to the next source; a player-side
 *   one ends the credit; an unknown state is thrown for the queue to retry;
 * - a supplier known to be under its low-balance threshold is tried last, and when the sources left were short
 *   of balance the credit waits for one to be topped up (sourcesLeft).
 */
export function createSupplierCredit(deps: { db: Knex; logger: Logger; providers: SupplierProviders }) {
  const { db, logger, providers } = deps;

  const providerOf = (kind: SupplierKind): DeliveryProvider => {
    const provider = providers[kind];
    if (!provider) throw new Error(`The ${kind} supplier is not set up in this process`);
    return provider;
  };

  /** Records an answer under the order lock, once; a pending order gets nothing more here. */
  async function settle(attempt: RowOf<SupplierOrder>, supplier: SupplierKind, outcome: ProviderOutcome, source: SupplierSource | undefined) {
    return db.transaction(async (trx) => {
      await lockOrder(trx, attempt.order_id);
      const fallback = source?.cost != null && source.cost_currency ? { amount: Number(source.cost), currency: source.cost_currency } : undefined;
      const status = await suppliersDal.settle(trx, attempt.id, outcome, fallback);
      if (status) await recordOrderEvent(trx, attempt.order_id, 'delivery_attempt', answerFacts(attempt, supplier, outcome));
      if (status && status !== 'pending') await readBalanceAfter(trx, supplier, attempt.supplier_id);
      return status;
    });
  }

  /** Calls the supplier; a call without an answer is kept on the timeline and thrown for the queue to retry. */
  async function ask<T>(attempt: RowOf<SupplierOrder>, supplier: SupplierKind, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await db.transaction(async (trx) => {
        const order = await lockOrder(trx, attempt.order_id);
        if (order?.status === 'processing') {
          await recordOrderEvent(trx, attempt.order_id, 'delivery_attempt', { supplier, reference: attempt.reference, outcome: 'unavailable', detail });
        }
      });
      throw err;
    }
  }

  const requestOf = (credit: Credit, attempt: RowOf<SupplierOrder>, source: SupplierSource | undefined): DeliveryRequest => ({
    ...credit.request,
    idempotencyKey: attempt.reference,
    ...(source?.external_id ? { product: { externalId: source.external_id, fields: source.fields ?? [] } } : {}),
    ...(attempt.supplier_order_id ? { supplierOrderId: attempt.supplier_order_id } : {}),
    recordSupplierOrderId: async (supplierOrderId) => {
      await suppliersDal.recordSupplierOrderId(db, attempt.id, supplierOrderId);
    },
  });

  async function credit(credit: Credit): Promise<CreditResult> {
    const kinds = await suppliersDal.supplierKinds(db);
    const balances = await suppliersDal.balanceStates(db);
    const sources = (await suppliersDal.sourcesOf(db, credit.denominationId, credit.request.account.game)).filter((source) => providers[source.supplier_kind]);
    for (let turn = 0; turn < MAX_TURNS; turn += 1) {
      const attempts = await suppliersDal.attemptsOf(db, credit.itemId, credit.packageIndex);
      const last = attempts.at(-1);
      if (last?.status === 'succeeded') return { kind: 'credited', reference: last.supplier_order_id ?? last.reference };
      if (last && (last.status === 'creating' || last.status === 'pending')) {
        const supplier = kinds.get(last.supplier_id) ?? 'sandbox';
        const provider = providerOf(supplier);
        const source = sources.find((candidate) => sameSource(last, candidate));
        const known = await ask(last, supplier, () => provider.findDelivery(last.reference, last.supplier_order_id ?? undefined));
        if (!known && last.status === 'pending') throw new Error(`The ${supplier} order ${last.reference} was taken, and the supplier no longer knows it`);
        // Known not to exist: the same reference is sent again, so a late create still counts once.
        const outcome = known ?? (await ask(last, supplier, () => provider.deliver(requestOf(credit, last, source))));
        const status = await settle(last, supplier, outcome, source);
        if (outcome.status === 'pending') {
          if (status) logger.info({ orderId: credit.orderId, reference: last.reference, supplier }, 'Supplier order pending');
          return { kind: 'pending' };
        }
        continue;
      }
      if (last && !SUPPLIER_SIDE_REASONS.has(last.reason as RejectionReason)) return { kind: 'refused', reason: last.reason as RejectionReason };
      const [next] = sourcesLeft(sources, attempts, balances);
      if (!next) {
        // A supplier short of balance may deliver once it is topped up: the order waits for it rather than being refunded.
        if (shortOfBalance(sources, attempts)) return { kind: 'waiting_for_balance' };
        return { kind: 'refused', reason: (last?.reason as RejectionReason | undefined) ?? 'product_unavailable' };
      }
      const attempt = await db.transaction(async (trx) => {
        const order = await lockOrder(trx, credit.orderId);
        if (order?.status !== 'processing') return 'ended' as const;
        // Another run got here first (the order lock serialises them): look again from its attempt.
        if ((await suppliersDal.attemptsOf(trx, credit.itemId, credit.packageIndex)).length !== attempts.length) return 'raced' as const;
        return suppliersDal.insertAttempt(trx, {
          order_id: credit.orderId,
          order_item_id: credit.itemId,
          package_index: credit.packageIndex,
          supplier_id: next.supplier_id,
          supplier_product_id: next.supplier_product_id,
        });
      });
      if (attempt === 'ended') return { kind: 'ended' };
      if (attempt === 'raced') continue;
      const outcome = await ask(attempt, next.supplier_kind, () => providerOf(next.supplier_kind).deliver(requestOf(credit, attempt, next)));
      await settle(attempt, next.supplier_kind, outcome, next);
      if (outcome.status === 'pending') return { kind: 'pending' };
    }
    throw new Error(`Order ${credit.orderId}: supplier delivery did not settle within ${MAX_TURNS} turns`);
  }

  /**
   * A supplier's signed notice: its answer recorded on the attempt our reference names (once), and the order's
   * delivery queued to go on from there (complete, or the next source). False when the notice does not check out.
   */
  async function receiveNotice(kind: SupplierKind, params: Record<string, string>, received: ReceivedNotice): Promise<boolean> {
    const provider = providers[kind];
    const notice = provider?.readNotice(params, received);
    if (!notice) return false;
    const attempt = await suppliersDal.attemptOfReference(db, notice.idempotencyKey);
    if (!attempt) return false;
    await db.transaction(async (trx) => {
      const order = await lockOrder(trx, attempt.order_id);
      const status = await suppliersDal.settle(trx, attempt.id, notice.outcome, undefined);
      if (!status) return;
      await recordOrderEvent(trx, attempt.order_id, 'delivery_attempt', { ...answerFacts(attempt, kind, notice.outcome), via: 'notice' });
      if (status !== 'pending') await readBalanceAfter(trx, kind, attempt.supplier_id);
      if (order?.status === 'processing') await enqueueJob(trx, 'fulfilment', 'fulfil-order', { orderId: attempt.order_id });
    });
    return true;
  }

  return { credit, receiveNotice };
}

export type SupplierCredit = ReturnType<typeof createSupplierCredit>;
