import { setupServer } from 'msw/node';

/**
 * The API as this app's component tests see it: MSW answers `/api` calls in the process (handlers from
 * `@topup/common/testing`), and a call no test answers fails the test.
 */
export const server = setupServer();

/** The first example a contract's schema gives: the record a test's API serves. */
export const contractExample = <T>(schema: unknown): T => ((schema as { examples?: unknown }).examples as T[])[0] as T;
