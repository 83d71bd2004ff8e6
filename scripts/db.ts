import { ensureDatabase, migrationSource } from '@topup/migrations';
import { createDb, directDatabaseUrl, type Config, type Db } from '@topup/api';
import { isEntryPoint, runScript, say } from './cli';
import { configWithPostgres, seed } from './db-setup';

/** A refusal the script prints as its one line, exiting with code 1. */
export class Refused extends Error {}

const listed = (migrations: string[]) => migrations.map((name) => `\n  ${name}`).join('');
const databaseName = (config: Config) => decodeURIComponent(new URL(directDatabaseUrl(config)).pathname.slice(1));

/** `npm run db:migrate`: creates the database if missing and applies every pending migration. */
export async function migrate(db: Db, config: Config): Promise<string> {
  const created = await ensureDatabase(directDatabaseUrl(config));
  const [batch, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  const what = applied.length === 0 ? 'already up to date' : `applied, batch ${batch}:${listed(applied)}`;
  return `${created ? `Created database ${databaseName(config)}; ` : ''}Migrations ${what}`;
}

/**
 * `npm run db:rollback`: reverts the last batch of migrations, newest first. Never in production: a
 * migration's down drops what its up created, rows included; a production database goes back by a backup.
 */
export async function rollback(db: Db, config: Config): Promise<string> {
  if (config.env === 'production') {
    throw new Refused('Refusing to roll back a production database: a migration going down drops its tables and their rows; restore a backup instead');
  }
  const [batch, reverted] = (await db.migrate.rollback({ migrationSource })) as [number, string[]];
  return reverted.length === 0 ? 'Nothing to roll back' : `Rolled back batch ${batch}:${listed(reverted)}`;
}

/**
 * `npm run db:seed`: the demo catalogue and accounts (safe to run again; an existing row is kept).
 * Refused in production, which never gets demo data (`npm run db:setup` creates its admin alone).
 */
export async function seedDemo(db: Db, config: Config): Promise<string> {
  if (config.env === 'production') {
    throw new Refused('Refusing to seed demo data in production: a real shop never gets the demo shopper, money, codes or catalogue (npm run db:setup creates the admin account alone)');
  }
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  if (pending.length > 0) throw new Refused(`${pending.length} migrations are pending: run npm run db:migrate first`);
  return `Database ${databaseName(config)}: ${await seed(db, config)}`;
}

const COMMANDS = { migrate, rollback, seed: seedDemo } as const;

/**
 * Runs one of the commands on a pool of its own, closed at the end, on Postgres itself
 * (DATABASE_DIRECT_URL, docs/scaling.md#pgbouncer). The pool connects on its first query, so a
 * refusal never touches the database.
 */
export async function runDatabaseCommand(command: keyof typeof COMMANDS, config: Config): Promise<string> {
  const db = createDb(directDatabaseUrl(config), { min: 0, max: 2 });
  try {
    return await COMMANDS[command](db, config);
  } finally {
    await db.destroy();
  }
}

const isCommand = (name: string | undefined): name is keyof typeof COMMANDS => name !== undefined && Object.hasOwn(COMMANDS, name);

if (isEntryPoint(import.meta.url)) {
  const command = process.argv[2];
  runScript(`db:${command ?? ''}`, async () => {
    if (!isCommand(command)) throw new Error(`expected one of ${Object.keys(COMMANDS).join(', ')}`);
    try {
      say(await runDatabaseCommand(command, await configWithPostgres()));
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  });
}
