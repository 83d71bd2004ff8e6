import { execFileSync } from 'node:child_process';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { withDatabase } from '@topup/api/testing';
import { buildWebApps, repoRoot } from './src/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with the demo store in it (migrated and seeded once); each store clones it. */
    demoStoreDatabase: string;
  }
}

/**
 * Once for every browser file: builds both web apps and the server's bundles (`npm run build`, as
 * `npm start` would), and seeds the demo store into a database the stores clone, so a file's store
 * starts in seconds. The services setup, which runs first, drops the database with the run's others.
 */
export default async function setup(project: TestProject): Promise<void> {
  buildWebApps();
  const { postgresServerUrl, templateDatabase, runId } = project.getProvidedContext();
  const demoStoreDatabase = `topup_t_${runId}_demo`;
  const admin = knexFactory({ client: 'pg', connection: withDatabase(postgresServerUrl, 'postgres'), pool: { min: 0, max: 1 } });
  try {
    await admin.raw('create database ?? template ??', [demoStoreDatabase, templateDatabase]);
  } finally {
    await admin.destroy();
  }
  // The production image's own setup step (dist/db-setup.js): migrations, then the demo data.
  execFileSync(process.execPath, ['dist/db-setup.js'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: withDatabase(postgresServerUrl, demoStoreDatabase) },
    stdio: 'pipe',
  });
  project.provide('demoStoreDatabase', demoStoreDatabase);
}
