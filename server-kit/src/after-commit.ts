import type { Knex } from 'knex';

/** The transaction a savepoint belongs to (`trx` itself when it is no savepoint). */
export function outermostTransaction(trx: Knex.Transaction): Knex.Transaction {
  let outer = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (outer.parentTransaction) outer = outer.parentTransaction;
  return outer;
}

/**
 * Runs `action` once the changes made on `conn` are committed for good, and never if they roll back:
 * in a transaction at its commit (a savepoint's promise settles at its release, so it waits for the
 * outermost transaction's), and outside any at once, as each statement there has committed already.
 * `action` handles its own failures: nothing awaits it.
 */
export function afterCommit(conn: Knex, action: () => unknown): void {
  if (!conn.isTransaction) {
    action();
    return;
  }
  outermostTransaction(conn as Knex.Transaction).executionPromise.then(
    () => action(),
    () => undefined,
  );
}
