import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@topup/api';
import { migrationSource } from '@topup/migrations';
import { createTestDatabase, freePort, type TestDatabase } from '@topup/workers/testing';
import { runDatabaseCommand } from './db';

const appliedMigrations = async (database: TestDatabase) =>
  (await database.db('knex_migrations').orderBy('id').select<Array<{ name: string; batch: number }>>('name', 'batch')).map(
    ({ name, batch }) => `${batch} ${name}`,
  );

describe('npm run db:migrate, db:rollback and db:seed', () => {
  let database: TestDatabase;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase();
    config = { ...loadConfig({ NODE_ENV: 'development' }), databaseUrl: database.url };
  });
  afterAll(() => database.drop());

  it('roll back the last batch only, and migrate it again', async () => {
    const everything = await appliedMigrations(database);
    // A second batch: the newest migration taken down and applied again.
    await database.db.migrate.down({ migrationSource });
    expect(await runDatabaseCommand('migrate', config)).toMatch(/^Migrations applied, batch 2:\n {2}\S+$/);
    const twoBatches = await appliedMigrations(database);
    expect(twoBatches.slice(0, -1)).toEqual(everything.slice(0, -1));
    expect(twoBatches.at(-1)).toMatch(/^2 /);

    expect(await runDatabaseCommand('rollback', config)).toMatch(/^Rolled back batch 2:\n {2}\S+$/);
    expect(await appliedMigrations(database)).toEqual(everything.slice(0, -1));
    expect(await runDatabaseCommand('migrate', config)).toMatch(/^Migrations applied, batch 2:/);
    expect(await runDatabaseCommand('migrate', config)).toBe('Migrations already up to date');
  });

  it('seed the demo data once migrated, and again without a change', async () => {
    const name = new URL(database.url).pathname.slice(1);
    expect(await runDatabaseCommand('seed', config)).toBe(`Database ${name}: demo data seeded`);
    const products = await database.db('products').count<Array<{ count: string }>>('* as count');
    expect(Number(products[0]?.count)).toBeGreaterThan(0);
    expect(await runDatabaseCommand('seed', config)).toBe(`Database ${name}: demo data seeded`);
    expect(await database.db('products').count<Array<{ count: string }>>('* as count')).toEqual(products);
  });

  it('refuse the demo seed and a rollback in production, without touching the database', async () => {
    const production: Config = {
      ...config,
      env: 'production',
      // Nothing answers there: a command that tried to connect would fail with another message.
      databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/topup`,
    };
    await expect(runDatabaseCommand('seed', production)).rejects.toThrow(/^Refusing to seed demo data in production: /);
    await expect(runDatabaseCommand('rollback', production)).rejects.toThrow(/^Refusing to roll back a production database: /);
  });
});
