import pg from 'pg';

/**
 * bigint columns (count(*), sums, minor-unit prices) read as JS numbers: the store's values stay far
 * below 2^53. numeric (exchange rates) stays a string so no float sneaks into money arithmetic. The
 * setting is the pg driver's, for the whole process.
 */
export function readBigintsAsNumbers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
}

/**
 * Names a query so pg prepares it once per connection and from then on only binds and executes it:
 * Postgres skips parsing and planning on every later call. For hot paths only, and only for SQL
 * whose text never changes between calls (pg refuses a name reused for different text).
 */
export function prepared<Query extends { options(options: Readonly<{ [key: string]: unknown }>): Query }>(
  name: string,
  query: Query,
): Query {
  return query.options({ name });
}

/** SQLSTATE the store's SQL functions raise when a store rule refuses (migration 20261125120001). */
const STORE_RULE_REFUSED = 'SR001';

/** A store rule's refusal raised in SQL: `rule` is the API's error code, `facts` what the function reported with it. */
export interface SqlRefusal {
  rule: string;
  facts: Record<string, unknown>;
}

/** The store rule's refusal that `err` carries, if it is one. */
export function sqlRefusal(err: unknown): SqlRefusal | undefined {
  const pgError = err as { code?: string; detail?: string };
  if (pgError.code !== STORE_RULE_REFUSED || !pgError.detail) return undefined;
  const { rule, ...facts } = JSON.parse(pgError.detail) as { rule: string } & Record<string, unknown>;
  return { rule, facts };
}
