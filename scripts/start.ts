import { createDb, sandboxSupplyProblem, type Config } from '@topup/api';
import { buildServer, NODE_ARGUMENTS, type ServerBundle } from './build-server';
import { isEntryPoint, repoRoot, runScript, say } from './cli';
import { configWithServices, setupDatabase } from './db-setup';
import { announceWhenAnswering, runUntilSignal } from './run-supervised';
import { buildChangedWebApps } from './web-build';

/** The processes `npm start` runs: the API and `count` workers processes; each stops gracefully on SIGTERM / SIGINT. */
function services(workerProcesses: number): Array<{ name: string; bundle: ServerBundle }> {
  const workers = Array.from({ length: workerProcesses }, (_, index) => ({
    name: workerProcesses === 1 ? 'workers' : `workers-${index + 1}`,
    bundle: 'workers' as const,
  }));
  return [{ name: 'api', bundle: 'api' }, ...workers];
}

/**
 * `npm start`: checks Postgres and Redis, prepares the database, builds the web apps whose sources
 * changed since their last build and the server's JavaScript, then runs the API and the workers,
 * restarting a crashed one, until a signal arrives.
 */
async function main(): Promise<void> {
  const config = await configWithServices();
  await setupDatabase(config);
  // The API refuses too; checked here first so a refusal is one line, not a process restarted over and over.
  const unsupplied = await unsuppliedGames(config);
  if (unsupplied) {
    console.error(`Refusing to start in production: ${unsupplied}`);
    process.exit(1);
  }
  if (process.env.SKIP_WEB_BUILD === '1') say('SKIP_WEB_BUILD=1: serving the web apps as last built');
  else if (!(await buildChangedWebApps())) {
    console.error('Building the web apps failed (see above)');
    process.exit(1);
  }
  await buildServer();
  runServices(config.port, config.workerProcesses);
}

async function unsuppliedGames(config: Config): Promise<string | null> {
  const db = createDb(config.databaseUrl, { min: 0, max: 1 }, { preparedStatements: config.databasePreparedStatements });
  try {
    return await sandboxSupplyProblem(db, config);
  } finally {
    await db.destroy();
  }
}

function runServices(port: number, workerProcesses: number): void {
  const stopping = runUntilSignal(
    services(workerProcesses).map(({ name, bundle }) => ({ name, command: process.execPath, args: [...NODE_ARGUMENTS[bundle]] })),
    { cwd: repoRoot },
  );
  const base = `http://localhost:${port}`;
  void announceWhenAnswering(
    [`http://127.0.0.1:${port}/api/health`],
    `Store running: storefront ${base}/  back office ${base}/admin/  API ${base}/api  (Ctrl+C stops it)`,
    stopping,
  );
}

if (isEntryPoint(import.meta.url)) runScript('Start', main);
