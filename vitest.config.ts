import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['{common,server-kit,migrations,api,workers,scripts}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts', './e2e/global-setup.ts'],
          // A page on a busy machine may take seconds to show what a poll waits for (a toast, a row).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['{storefront,admin}/src/**/*.test.{ts,tsx}'],
          // Pure logic (`*.test.ts`) runs in node; a component test (`*.test.tsx`) opens with
          // `// @vitest-environment happy-dom`, as a page costs each file about a second on this machine.
          environment: 'node',
          setupFiles: ['./storefront/src/testing/setup.ts', './admin/src/testing/setup.ts'],
          // A component test clicks through a screen: on a busy machine that can take several seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
