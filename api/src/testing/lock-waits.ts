import type { Knex } from 'knex';
import { expect } from 'vitest';

/** Resolves once a statement of this database whose text is LIKE `queryLike` waits on a lock. */
export async function untilAStatementWaitsOnALock(db: Knex, queryLike: string): Promise<void> {
  const waiting = async () =>
    (
      await db.raw<{ rows: unknown[] }>(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ?",
        [queryLike],
      )
    ).rows.length > 0;
  await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe(true);
}
