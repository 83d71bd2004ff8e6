import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_BUNDLES } from './build-server';
import { isEntryPoint, repoRoot, runScript } from './cli';
import { configWithServices, setupDatabase } from './db-setup';
import { announceWhenAnswering, runUntilSignal } from './run-supervised';

/**
 * Where `npm run dev` serves everything: the storefront's Vite dev server, which passes /api to the API
 * and /admin/ to the back office's Vite dev server (storefront/vite.config.ts). The ports are the
 * ones the two Vite configs set; taken, Vite stops rather than move to another.
 */
const DEV_PORTS = { storefront: 5173, admin: 5174 } as const;

const require = createRequire(import.meta.url);
const binOf = (pkg: string, bin: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), bin);

/**
 * The API and the workers from their TypeScript sources under `tsx watch`, which runs them again (after
 * a graceful SIGTERM) when a file they import changes; the two web apps under Vite, which swaps a
 * changed module into the open page.
 */
function devServices() {
  const tsx = binOf('tsx', 'dist/cli.mjs');
  const vite = binOf('vite', 'bin/vite.js');
  const watch = (source: string) => [tsx, 'watch', '--clear-screen=false', source];
  return [
    { name: 'api', command: process.execPath, args: watch(SERVER_BUNDLES.api.source) },
    { name: 'workers', command: process.execPath, args: watch(SERVER_BUNDLES.workers.source) },
    { name: 'storefront', command: process.execPath, args: [vite, 'storefront', '--strictPort'] },
    { name: 'admin', command: process.execPath, args: [vite, 'admin', '--strictPort'] },
  ];
}

/** `npm run dev`: as `npm start` checks services and prepares the database, then runs the store from its sources with hot reload. */
async function main(): Promise<void> {
  const config = await configWithServices();
  await setupDatabase(config);
  const address = `http://localhost:${DEV_PORTS.storefront}`;
  // Links the store hands out (the pay page's way back) lead to the address the developer has open.
  // One API process unless asked: a reload restarts one, not one per core.
  const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || address, API_PROCESSES: process.env.API_PROCESSES || '1' };
  const stopping = runUntilSignal(devServices(), { cwd: repoRoot, env });
  void announceWhenAnswering(
    [`http://127.0.0.1:${config.port}/api/health`, `http://127.0.0.1:${DEV_PORTS.storefront}/`, `http://127.0.0.1:${DEV_PORTS.admin}/admin/`],
    `Store running from its sources: storefront ${address}/  back office ${address}/admin/  API ${address}/api  ` +
      '(changes reload by themselves; Ctrl+C stops it)',
    stopping,
  );
}

if (isEntryPoint(import.meta.url)) runScript('Development', main);
