import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { readBigintsAsNumbers } from '@topup/server-kit';

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

export function createDb(databaseUrl: string, pool: { min: number; max: number } = { min: 0, max: 10 }): Db {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool, log: { warn: knexWarning } });
  Model.knex(db);
  return db;
}
