import { inject } from 'vitest';

/** What the test run's global setup hands every test file (vitest's provide / inject). */
export interface TestRunServices {
  /** Server URL of the Postgres the tests use (its database part is ignored). */
  postgresServerUrl: string;
  /** A migrated database each test file clones with CREATE DATABASE ... TEMPLATE. */
  templateDatabase: string;
  redisUrl: string;
  /** Unique per run: every database and Redis key of this run carries it. */
  runId: string;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface ProvidedContext extends TestRunServices {}
}

/**
 * One of the services the global setup provides. Only the integration, browser and fault tiers have
 * that setup (vitest.config.ts); a file of the unit tier asking for a service gets told its name is wrong.
 */
export function injectService<Key extends keyof TestRunServices>(key: Key): TestRunServices[Key] {
  const value = inject(key);
  if (value === undefined) {
    throw new Error(
      `This test needs Postgres and Redis (it asked for ${key}), so its file name must end in .int.test.ts ` +
        '(or .fault.test.ts for a fault test); see README, "Running the tests".',
    );
  }
  return value;
}

/** `serverUrl` (a Postgres server's URL, whatever database it names) pointed at `database`. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
