import { ensureDatabase, migrateLatest, seedDemoData } from '@topup/migrations';
import { loadConfig, type Config, createDb } from '@topup/api';
import { checkPostgres } from './check-services';
import { isEntryPoint, loadDotEnv, runScript, say } from './cli';

/** Creates the database if missing, migrates it and seeds the demo catalogue; all idempotent. */
export async function setupDatabase(config: Config): Promise<void> {
  if (await ensureDatabase(config.databaseUrl)) say(`Created database ${new URL(config.databaseUrl).pathname.slice(1)}`);
  const db = createDb(config.databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    await seedDemoData(db, {
      adminNickname: config.adminNickname,
      adminPassword: config.adminPassword,
      shopperNickname: config.shopperNickname,
      shopperPassword: config.shopperPassword,
      codesKey: config.codesKey,
    });
  } finally {
    await db.destroy();
  }
  say('Database migrated, demo data seeded');
}

if (isEntryPoint(import.meta.url)) {
  runScript('Database setup', async () => {
    loadDotEnv();
    const config = loadConfig();
    const problem = await checkPostgres(config.databaseUrl);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    await setupDatabase(config);
  });
}
