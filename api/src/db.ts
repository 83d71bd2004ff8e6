import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { readBigintsAsNumbers, sendStatementsUnnamed } from '@topup/server-kit';

readBigintsAsNumbers();

export type Db = Knex;

/**
 * knex prints every failed connection itself, stack and all, once per query while Postgres is away;
 * those failures reach the code that ran the query, which reports each once (the API's error handler
 * as a 503 warning), so knex's own copies are dropped. Its other warnings are kept.
 */
const CONNECTION_FAILURE = /^(Acquire connection error|Connection Error): /;

function knexWarning(message: unknown): void {
  if (typeof message === 'string' && CONNECTION_FAILURE.test(message)) return;
  console.warn(message);
}

/**
 * A pool to `databaseUrl`, the one objection's models use. `preparedStatements: false` sends the hot
 * queries unnamed, for a pooler in transaction mode (config.databasePreparedStatements).
 */
export function createDb(
  databaseUrl: string,
  pool: { min: number; max: number } = { min: 0, max: 10 },
  { preparedStatements = true }: { preparedStatements?: boolean } = {},
): Db {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool, log: { warn: knexWarning } });
  if (!preparedStatements) sendStatementsUnnamed(db);
  Model.knex(db);
  return db;
}

/**
 * One connection to Postgres itself (DATABASE_DIRECT_URL) for a session that must last, the outbox
 * relay's LISTEN, which a pooler in transaction mode cannot keep (docs/scaling.md#pgbouncer). The
 * models stay on createDb's pool.
 */
export function createSessionDb(databaseDirectUrl: string): Db {
  return knexFactory({ client: 'pg', connection: databaseDirectUrl, pool: { min: 0, max: 1 }, log: { warn: knexWarning } });
}
