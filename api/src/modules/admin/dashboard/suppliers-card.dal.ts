import { STORE_TIME_ZONE } from '@topup/common';
import type { Knex } from 'knex';
import type { Supplier } from '../../../models';
import { WAITING_FOR_BALANCE } from '../../suppliers/supplier-balances';
import { LOW_BALANCE } from '../../suppliers/suppliers.dal';

/** A supplier as the dashboard's card shows it (minor units of its balance currency). */
export type SupplierCardRow = Pick<Supplier, 'id' | 'kind' | 'name' | 'active' | 'balance' | 'balance_currency' | 'balance_checked_at' | 'low_balance_threshold'> & {
  low: boolean;
  /** Its orders sent and not yet settled. */
  open: number;
  /** Orders waiting, flagged, for a balance this supplier lacked. */
  waiting_for_balance: number;
  /** Its attempts that failed on today's date in the store's time zone. */
  failures_today: number;
};

/**
 * Each supplier's balance and its low-balance alert, the orders waiting at it, and today's failures
 * (docs/architecture.md, "Supplier balances"); the open attempts walk their partial index.
 */
export const suppliersCard = (db: Knex): Promise<SupplierCardRow[]> =>
  db('suppliers as s')
    .orderBy(['s.priority', 's.id'])
    .select(
      's.id',
      's.kind',
      's.name',
      's.active',
      's.balance',
      's.balance_currency',
      's.balance_checked_at',
      's.low_balance_threshold',
      db.raw(`${LOW_BALANCE} AS low`),
      db.raw(`(SELECT count(*) FROM supplier_orders so WHERE so.supplier_id = s.id AND so.status IN ('creating', 'pending'))::int AS open`),
      db.raw(
        `(SELECT count(DISTINCT so.order_id) FROM supplier_orders so JOIN orders o ON o.id = so.order_id
           WHERE so.supplier_id = s.id AND so.status = 'failed' AND so.reason = 'insufficient_balance'
             AND o.status = 'processing' AND o.attention_reason LIKE ?)::int AS waiting_for_balance`,
        [`${WAITING_FOR_BALANCE}%`],
      ),
      db.raw(
        `(SELECT count(*) FROM supplier_orders so WHERE so.supplier_id = s.id AND so.status = 'failed'
           AND so.updated_at >= date_trunc('day', now() AT TIME ZONE ?) AT TIME ZONE ?)::int AS failures_today`,
        [STORE_TIME_ZONE, STORE_TIME_ZONE],
      ),
    );
