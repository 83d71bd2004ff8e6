import type { Knex } from 'knex';

/** The transaction a savepoint belongs to (`trx` itself when it is no savepoint). */
export function outermostTransaction(trx: Knex.Transaction): Knex.Transaction {
  let outer = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (outer.parentTransaction) outer = outer.parentTransaction;
  return outer;
}

/**
 * Runs `action` once `trx` is committed for good, and never if it rolls back. A savepoint's promise
 * settles at its release, so it waits for the outermost transaction's commit. `action` handles its
 * own failures: nothing awaits it.
 */
export function afterCommit(trx: Knex.Transaction, action: () => unknown): void {
  outermostTransaction(trx).executionPromise.then(
    () => action(),
    () => undefined,
  );
}
