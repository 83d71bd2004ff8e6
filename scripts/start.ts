import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { loadConfig } from '@topup/api';
import { checkPostgres, checkRedis } from './check-services';
import { isEntryPoint, loadDotEnv, repoRoot, runScript, say } from './cli';
import { setupDatabase } from './db-setup';

/** The processes `npm start` runs: the API and `count` workers processes; each stops gracefully on SIGTERM / SIGINT. */
function services(workerProcesses: number): Array<{ name: string; entry: string }> {
  const workers = Array.from({ length: workerProcesses }, (_, index) => ({
    name: workerProcesses === 1 ? 'workers' : `workers-${index + 1}`,
    entry: 'workers/src/index.ts',
  }));
  return [{ name: 'api', entry: 'api/src/server.ts' }, ...workers];
}

const API_WAIT_MS = 60_000;

/**
 * `npm start`: checks Postgres and Redis, prepares the database, builds the web apps, then runs the
 * API and the workers until either stops or a signal arrives.
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
  else buildWebApps();
  runServices(config.port, config.workerProcesses);
}

function buildWebApps(): void {
  say('Building the storefront and the back office (SKIP_WEB_BUILD=1 skips this)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'storefront', '-w', 'admin'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Building the web apps failed (see above)');
    process.exit(build.status ?? 1);
  }
}

function runServices(port: number, workerProcesses: number): void {
  const children = services(workerProcesses).map(({ name, entry }) => ({
    name,
    // Own process groups: a Ctrl+C in the terminal reaches only this script, which passes it on once
    // (a second one would make the services skip their graceful shutdown).
    process: spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    }),
  }));
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const signalAll = (signal: NodeJS.Signals) => {
    for (const child of children) if (running(child.process)) child.process.kill(signal);
  };

  let stopping = false;
  let exitCode = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      signalAll(signal);
    });
  }
  // Never leave a service behind, whatever ends this script.
  process.on('exit', () => signalAll('SIGTERM'));

  for (const child of children) {
    child.process.on('exit', (code, signal) => {
      if (!stopping) {
        stopping = true;
        exitCode = code || 1;
        console.error(`The ${child.name} process stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
        signalAll('SIGTERM');
      } else if (code !== 0) {
        exitCode = exitCode || 1;
      }
      if (children.every(({ process: other }) => !running(other))) process.exit(exitCode);
    });
  }

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
