import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@topup/server-kit';
import type { Config } from '../config';

const serverScript = fileURLToPath(new URL('../server.ts', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/** An API process of its own (`api/src/server.ts`), which a test can kill like a crash would. */
export interface ApiProcess {
  baseUrl: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Kills it at once (SIGKILL): nothing it was doing finishes. */
  kill(): Promise<void>;
  /** Sends one SIGTERM and resolves with the exit code once it has exited. */
  terminate(): Promise<number | null>;
}

/** Resolves once the process has exited (at once if it has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the API as production does, on the database and Redis prefix of `config` (a test app's), once
 * it is ready (or at once, `waitUntilReady: false`): one process unless `env` sets API_PROCESSES.
 * `ownSession`: in a session of its own, as `npm start` runs it.
 */
export async function startApiProcess(
  config: Config,
  env: Record<string, string> = {},
  { waitUntilReady = true, ownSession = false }: { waitUntilReady?: boolean; ownSession?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      LOG_LEVEL: 'warn',
      API_PROCESSES: '1',
      // At the test runner's priority: the suites beside it share the machine's cores.
      API_NICENESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownSession,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };

  const terminate = async () => {
    child.kill('SIGTERM');
    await exited(child);
    return child.exitCode;
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (waitUntilReady) {
    if (child.exitCode !== null) throw new Error(`The API process exited early:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`The API process was not ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, pid: child.pid!, output: () => output, kill, terminate };
}
