import 'vitest';

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
