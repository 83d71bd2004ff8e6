import { ensureAdminAccount, ensureDatabase, migrateLatest, seedDemoData } from '@topup/migrations';
import { loadConfig, type Config, createDb, directDatabaseUrl, type Db } from '@topup/api';
import { checkPostgres, checkRedis } from './check-services';
import { isEntryPoint, loadDotEnv, runScript, say } from './cli';

/**
 * Creates the database if missing, migrates it and seeds it; all idempotent. On Postgres itself
 * (DATABASE_DIRECT_URL), never through a pooler (docs/scaling.md#pgbouncer).
 */
export async function setupDatabase(config: Config): Promise<void> {
  const databaseUrl = directDatabaseUrl(config);
  if (await ensureDatabase(databaseUrl)) say(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  let seeded: string;
  try {
    await migrateLatest(db);
    seeded = await seed(db, config);
  } finally {
    await db.destroy();
  }
  say(`Database migrated, ${seeded}`);
}

/**
 * Production seeds the admin account alone: a real shop never gets the demo shopper, its money, the
 * DEMO- codes or the demo catalogue. Development and test get the whole demo store. Returns what it did.
 */
export async function seed(db: Db, config: Config): Promise<string> {
  const admin = { adminNickname: config.adminNickname, adminPassword: config.adminPassword };
  if (config.env === 'production') {
    const created = await ensureAdminAccount(db, admin);
    return `admin ${config.adminNickname} ${created ? 'created' : 'already there'} (production: no demo data)`;
  }
  await seedDemoData(db, {
    ...admin,
    shopperNickname: config.shopperNickname,
    shopperPassword: config.shopperPassword,
    codesKey: config.codesKey,
  });
  return 'demo data seeded';
}

/**
 * The configuration from the environment and .env, once Postgres (and, for the store itself, Redis)
 * answers; else one line for each that does not, and exit code 1.
 */
async function configWith(services: { redis: boolean }): Promise<Config> {
  loadDotEnv();
  const config = loadConfig();
  const problems = await Promise.all([checkPostgres(config.databaseUrl), services.redis ? checkRedis(config.redisUrl) : null]);
  const unreachable = problems.filter((problem) => problem !== null);
  if (unreachable.length > 0) {
    for (const problem of unreachable) console.error(problem);
    process.exit(1);
  }
  return config;
}

/** For the database scripts. */
export const configWithPostgres = () => configWith({ redis: false });
/** For `npm start` and `npm run dev`. */
export const configWithServices = () => configWith({ redis: true });

if (isEntryPoint(import.meta.url)) {
  runScript('Database setup', async () => {
    await setupDatabase(await configWithPostgres());
  });
}
