import { loadConfig } from '@topup/api';
import { buildServer, SERVER_BUNDLES } from './build-server';
import { checkPostgres, checkRedis } from './check-services';
import { isEntryPoint, loadDotEnv, repoRoot, runScript, say } from './cli';
import { setupDatabase } from './db-setup';
import { supervise } from './supervise';
import { buildChangedWebApps } from './web-build';

/** The processes `npm start` runs: the API and `count` workers processes; each stops gracefully on SIGTERM / SIGINT. */
function services(workerProcesses: number): Array<{ name: string; bundle: string }> {
  const workers = Array.from({ length: workerProcesses }, (_, index) => ({
    name: workerProcesses === 1 ? 'workers' : `workers-${index + 1}`,
    bundle: SERVER_BUNDLES.workers.bundle,
  }));
  return [{ name: 'api', bundle: SERVER_BUNDLES.api.bundle }, ...workers];
}

const API_WAIT_MS = 60_000;

/**
 * `npm start`: checks Postgres and Redis, prepares the database, builds the web apps whose sources
 * changed since their last build and the server's JavaScript, then runs the API and the workers, restarting a crashed one, until a signal
 * arrives.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const problems = await Promise.all([checkPostgres(config.databaseUrl), checkRedis(config.redisUrl)]);
  const unreachable = problems.filter((problem) => problem !== null);
  if (unreachable.length > 0) {
    for (const problem of unreachable) console.error(problem);
    process.exit(1);
  }

  await setupDatabase(config);
  if (process.env.SKIP_WEB_BUILD === '1') say('SKIP_WEB_BUILD=1: serving the web apps as last built');
  else if (!(await buildChangedWebApps())) {
    console.error('Building the web apps failed (see above)');
    process.exit(1);
  }
  await buildServer();
  runServices(config.port, config.workerProcesses);
}

function runServices(port: number, workerProcesses: number): void {
  const supervisor = supervise({
    services: services(workerProcesses).map(({ name, bundle }) => ({
      name,
      command: process.execPath,
      args: ['--enable-source-maps', bundle],
    })),
    cwd: repoRoot,
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      supervisor.stop(signal);
    });
  }
  // Never leave a service behind, whatever ends this script.
  process.on('exit', () => supervisor.stop('SIGTERM'));
  void supervisor.stopped.then((code) => process.exit(code));

  void announceWhenUp(port, () => stopping);
}

/** Prints where the store is once the API answers, so the line comes after the start-up logs. */
async function announceWhenUp(port: number, stopping: () => boolean): Promise<void> {
  const deadline = Date.now() + API_WAIT_MS;
  while (!stopping() && Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      const base = `http://localhost:${port}`;
      say(`Store running: storefront ${base}/  back office ${base}/admin/  API ${base}/api  (Ctrl+C stops it)`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping()) console.error(`The API did not answer on ${port} within ${API_WAIT_MS / 1000} s; see its log above`);
}

if (isEntryPoint(import.meta.url)) runScript('Start', main);
