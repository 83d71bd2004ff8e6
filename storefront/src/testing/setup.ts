import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Every storefront component test: the Russian texts (the store's default language) loaded as the app
 * loads them, the API answered by MSW only, and a fresh page (storage, DOM) for each test. The `web`
 * test project runs both web apps' tests, the pure ones (`*.test.ts`) too, so this setup acts for the
 * storefront's component tests (`*.test.tsx`) only.
 */
const testPath = expect.getState().testPath ?? '';
if (testPath.includes(`${path.sep}storefront${path.sep}`) && testPath.endsWith('.test.tsx')) {
  if (typeof document === 'undefined') throw new Error(`${testPath} draws components: open it with // @vitest-environment happy-dom`);
  // happy-dom's browser speaks English; the tests read the store as a shopper who chose Russian.
  localStorage.setItem('language', 'ru');
  const [{ cleanup, configure }, { default: i18n, i18nReady, loadPageTexts }, { server }] = await Promise.all([
    import('@testing-library/react'),
    import('../lib/i18n'),
    import('./api'),
    import('@testing-library/jest-dom/vitest'),
  ]);
  await i18nReady;
  await loadPageTexts();

  /** Keys a screen asked for that no text answers: the app draws them as nothing, a test fails on them. */
  const missingKeys: string[] = [];
  i18n.options.parseMissingKeyHandler = (key: string) => {
    missingKeys.push(key);
    return '';
  };

  // What a test waits for may take seconds to show on a busy machine (RTL's default wait is 1 s).
  configure({ asyncUtilTimeout: 5000 });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    sessionStorage.clear();
    expect(missingKeys.splice(0), 'texts missing in Russian').toEqual([]);
  });
  afterAll(() => server.close());
}
