import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { SupplierKind } from '../../models';
import type { SupplierAccount, SupplierCost } from '../../providers/game';
import { lockOrder, redeliverWaiting } from '../orders/order-lifecycle';
import { LOW_BALANCE } from './suppliers.dal';

/** The `supplier-catalogue` queue's job that reads balances: one supplier's after its order, or every one's on the schedule. */
export const READ_BALANCES_JOB = 'read-balances';

/** The attention reason of an order no source could deliver for want of balance; its flag comes down when a balance returns. */
export const WAITING_FOR_BALANCE = 'Waiting for a supplier balance:';

/** What one reading found of a supplier. */
export interface BalanceReading {
  supplierId: number;
  kind: SupplierKind;
  balance?: SupplierCost;
  /** Why it could not be read (the supplier did not answer). */
  error?: string;
  /** Orders waiting for a balance sent to delivery again. */
  released: number;
}

/** Orders waiting, flagged, for a balance, one of whose attempts this supplier refused for want of it. */
const ordersWaitingFor = (db: Knex, supplierId: number): Promise<number[]> =>
  db('orders as o')
    .where('o.status', 'processing')
    .whereLike('o.attention_reason', `${WAITING_FOR_BALANCE}%`)
    .whereExists((sub) => {
      void sub
        .from('supplier_orders as so')
        .whereRaw('so.order_id = o.id')
        .where({ 'so.supplier_id': supplierId, 'so.status': 'failed', 'so.reason': 'insufficient_balance' });
    })
    .orderBy('o.id')
    .pluck('o.id');

/**
 * Reads the balances of the suppliers set up with one (docs/architecture.md, "Supplier balances"), or of
 * `supplierId` alone, and keeps each on its row, which `topup_supplier_balance` and the dashboard show. A
 * balance that came back (read not under its threshold, and more than before or before under it) sends the
 * orders waiting for it to delivery again. A supplier that does not answer keeps its last reading.
 */
export async function readSupplierBalances(
  deps: { db: Knex; logger: Logger; accounts: Partial<Record<SupplierKind, SupplierAccount>> },
  supplierId?: number,
): Promise<BalanceReading[]> {
  const { db, logger, accounts } = deps;
  const suppliers = await db('suppliers')
    .modify((query) => {
      if (supplierId !== undefined) void query.where({ id: supplierId });
    })
    .orderBy('id')
    .select<Array<{ id: number; kind: SupplierKind }>>('id', 'kind');
  const readings: BalanceReading[] = [];
  for (const supplier of suppliers) {
    const account = accounts[supplier.kind];
    if (!account?.balance) continue;
    let balance: SupplierCost;
    try {
      balance = await account.balance();
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      logger.warn({ supplier: supplier.kind, error }, 'Supplier balance not read');
      readings.push({ supplierId: supplier.id, kind: supplier.kind, error, released: 0 });
      continue;
    }
    const returned = await db.transaction(async (trx) => {
      const before = await trx('suppliers').where({ id: supplier.id }).forUpdate().first<{ balance: string | null; low: boolean }>('balance', trx.raw(`${LOW_BALANCE} AS low`));
      const [after] = await trx('suppliers')
        .where({ id: supplier.id })
        .update({ balance: balance.amount, balance_currency: balance.currency, balance_checked_at: trx.fn.now(), updated_at: trx.fn.now() })
        .returning<Array<{ low: boolean }>>(trx.raw(`${LOW_BALANCE} AS low`));
      return !after?.low && (before?.balance == null || before.low || balance.amount > Number(before.balance));
    });
    let released = 0;
    if (returned) {
      for (const orderId of await ordersWaitingFor(db, supplier.id)) {
        const queued = await db.transaction(async (trx) => {
          const order = await lockOrder(trx, orderId);
          return order ? redeliverWaiting(trx, order, WAITING_FOR_BALANCE, { cause: 'supplier_balance', supplier: supplier.kind }) : false;
        });
        if (queued) released += 1;
      }
      if (released > 0) logger.info({ supplier: supplier.kind, released }, 'Orders waiting for a supplier balance sent to delivery again');
    }
    readings.push({ supplierId: supplier.id, kind: supplier.kind, balance, released });
  }
  return readings;
}
