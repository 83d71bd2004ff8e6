import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Every back-office component test: the API answered by MSW only, a fresh page for each test, and no
 * translation key left on screen untranslated. The `web` test project runs both web apps' tests, pure
 * ones (`*.test.ts`) too, so this setup acts for the back office's component tests (`*.test.tsx`) only.
 */
const testPath = expect.getState().testPath ?? '';
if (testPath.includes(`${path.sep}admin${path.sep}`) && testPath.endsWith('.test.tsx')) {
  if (typeof document === 'undefined') throw new Error(`${testPath} draws components: open it with // @vitest-environment happy-dom`);
  const [{ cleanup, configure }, { server }] = await Promise.all([
    import('@testing-library/react'),
    import('./api'),
    import('@testing-library/jest-dom/vitest'),
  ]);

  // What a test waits for may take seconds to show on a busy machine (RTL's default wait is 1 s).
  configure({ asyncUtilTimeout: 5000 });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    // react-admin shows a key it has no text for as the key itself ("resources.orders.title").
    const rawKeys = document.body.textContent?.match(/\b[a-z_]+\.[a-z_]+\.[a-z_.]+\b/g) ?? [];
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    expect(rawKeys, 'texts missing in Russian').toEqual([]);
  });
  afterAll(() => server.close());
}
