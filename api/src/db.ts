import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';

// bigint (count(*), sums) as JS numbers: our values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric (exchange rates) stays a string so no float sneaks into money arithmetic.

export type Db = Knex;

export function createDb(databaseUrl: string, pool: { min: number; max: number } = { min: 0, max: 10 }): Db {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool });
  Model.knex(db);
  return db;
}
