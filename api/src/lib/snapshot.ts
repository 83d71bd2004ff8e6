import type { Knex } from 'knex';

/**
 * Runs reads on one connection and one snapshot. Rows that change in one commit (a refund and its
 * payment's refunded amount) read on separate pooled connections could show one change without the other.
 */
export const readInOneSnapshot = <T>(db: Knex, read: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
  db.transaction(read, { isolationLevel: 'repeatable read', readOnly: true });
