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
 * Marks a knex configuration whose queries prepared() leaves unnamed: a pooler in transaction mode
 * hands each transaction another server, which has not prepared the name, while pg believes its
 * connection has (docs/scaling.md#pgbouncer). A symbol key, because knex copies a configuration's own
 * keys into the clones withUserParams makes, and its transactions share it.
 */
const STATEMENTS_UNNAMED = Symbol('statements unnamed');

/** Makes prepared() send `db`'s queries unnamed, and those of its transactions and clones. */
export function sendStatementsUnnamed(db: { client: { config: object } }): void {
  (db.client.config as { [STATEMENTS_UNNAMED]?: boolean })[STATEMENTS_UNNAMED] = true;
}

/**
 * Names a query so pg prepares it once per connection and from then on only binds and executes it:
 * Postgres skips parsing and planning on every later call. For hot paths only, and only for SQL
 * whose text never changes between calls (pg refuses a name reused for different text). A query of a
 * pool made with sendStatementsUnnamed() stays unnamed.
 */
export function prepared<Query extends { options(options: Readonly<{ [key: string]: unknown }>): Query }>(
  name: string,
  query: Query,
): Query {
  // knex's builders and raws carry their client at run time; its types declare it on builders only.
  const config = (query as { client?: { config?: { [STATEMENTS_UNNAMED]?: boolean } } }).client?.config;
  if (config?.[STATEMENTS_UNNAMED]) return query;
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
