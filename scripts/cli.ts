import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError } from '@topup/api';

/** The repository root, whatever the current directory. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** A line for the person at the terminal (the services themselves log through pino). */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Reads the repository's .env, if there is one; variables already set in the environment win. */
export function loadDotEnv(): void {
  const envFile = `${repoRoot}.env`;
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  return moduleUrl === pathToFileURL(process.argv[1] ?? '').href;
}

/**
 * Runs a script's main function; a failure ends the process with one line, not a stack trace. A refused
 * configuration prints its own line unchanged, the same line the API and the workers print.
 */
export function runScript(what: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
