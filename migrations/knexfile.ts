import type { Knex } from 'knex';
import { migrationSource } from './index';

/**
 * For the knex CLI (status, a single rollback step while developing), run through tsx:
 *   NODE_OPTIONS='--import tsx' npx knex --knexfile migrations/knexfile.ts migrate:status
 * The application itself migrates with migrateLatest() from ./index.
 */
const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/topup',
  migrations: { migrationSource },
};

export default config;
