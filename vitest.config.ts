import { configDefaults, defineConfig } from 'vitest/config';

/** Where the server's code and its tests live; the web apps and the browser tests have projects of their own. */
const serverCode = '{common,server-kit,migrations,api,workers,scripts,test}';
const servicesSetup = './test/global-setup.ts';

/*
 * The tiers (README, "Running the tests"): a file's name says which one it belongs to.
 *   unit         *.test.ts        no Postgres, no Redis: test/unit-setup.ts refuses a connection to either
 *   integration  *.int.test.ts    real Postgres and Redis, a template database migrated once per run
 *   browser      e2e/src/         the whole store in Chromium
 *   faults       *.fault.test.ts  process kills, outages and long waits; `npm run test:faults`, not `npm test`
 *   web          the web apps' component tests, no services
 * Most server tests wait on sockets and child processes rather than the CPU, so four files run at once
 * even on two cores; vitest would otherwise run one file at a time there (cores - 1). A browser file
 * waits on its pages more than it computes, so two run at once, after the rest so they do not starve it
 * (sequence.groupOrder: projects with another worker count need a group of their own).
 */
export default defineConfig({
  test: {
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: [`${serverCode}/**/*.test.ts`],
          exclude: [...configDefaults.exclude, '**/*.int.test.ts', '**/*.fault.test.ts'],
          environment: 'node',
          // Worker threads start and exchange results faster than child processes: the service-free
          // tiers ran about a tenth faster in threads (test:unit 49 to 51 s against 54 to 56 s).
          pool: 'threads',
          setupFiles: ['./test/unit-setup.ts'],
          // Property tests loop over many cases; a busy machine may take a while over them.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [`${serverCode}/**/*.int.test.ts`],
          environment: 'node',
          globalSetup: [servicesSetup],
          // A worker imports the API once for all its files instead of once per file, which halves the
          // tier's CPU time. Every file already keeps its own database, Redis prefix and app; a file must
          // not change what it imports (vi.mock, module-level settings), since the next file sees it.
          isolate: false,
          // A deprecated call throws where it is made: one connection given two queries at once (a
          // transaction's reads in Promise.all) is refused by the next pg, so it fails its test today.
          execArgv: ['--throw-deprecation'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [servicesSetup, './e2e/global-setup.ts'],
          // A page on a busy machine may take seconds to show what a poll waits for (a toast, a row), and a
          // journey through the back office a minute or more: two files run at once, beside other work.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'faults',
          include: [`${serverCode}/**/*.fault.test.ts`],
          environment: 'node',
          globalSetup: [servicesSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['{storefront,admin}/src/**/*.test.{ts,tsx}'],
          // Pure logic (`*.test.ts`) runs in node; a component test (`*.test.tsx`) opens with
          // `// @vitest-environment happy-dom`, as a page costs each file about a second on this machine.
          environment: 'node',
          pool: 'threads',
          setupFiles: ['./storefront/src/testing/setup.ts', './admin/src/testing/setup.ts'],
          // A component test clicks through a screen: on a busy machine that can take several seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
