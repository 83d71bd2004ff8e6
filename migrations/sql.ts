import type { Knex } from 'knex';

/**
 * Runs a block of plain DDL (several statements are fine: with no bindings, pg uses the simple
 * query protocol).
 *
 * knex rewrites every `?` in raw SQL into a positional parameter, so a literal `?` in DDL would
 * silently corrupt it; such a block is refused instead.
 */
export async function runDdl(knex: Knex, sql: string): Promise<void> {
  if (sql.includes('?')) throw new Error('DDL must not contain "?" (knex would treat it as a binding)');
  await knex.raw(sql);
}
