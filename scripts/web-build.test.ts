import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordWebBuild, staleWebApps, webSourceHash } from './web-build';

let root: string;

/** Writes `text` to the repository-relative `file`, creating its folders. */
function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** What `vite build` leaves: an index.html in dist/. */
const build = (app: string) => write(`${app}/dist/index.html`, `<title>${app}</title>`);

/** Builds every stale app and records it, as npm start does; returns the apps it built. */
async function buildStale(): Promise<string[]> {
  const stale = await staleWebApps(root, ['shop', 'office']);
  for (const { app, hash } of stale) {
    build(app);
    await recordWebBuild(app, hash, root);
  }
  return stale.map(({ app }) => app);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-build-test-'));
  write('package.json', JSON.stringify({ workspaces: ['shared', 'shop', 'office', 'server'] }));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('tsconfig.base.json', '{}');
  write('shared/package.json', JSON.stringify({ name: '@store/shared' }));
  write('shared/src/money.ts', 'export const cents = 100;');
  write('server/package.json', JSON.stringify({ name: '@store/server' }));
  write('server/src/index.ts', 'export {};');
  write('shop/package.json', JSON.stringify({ name: '@store/shop', dependencies: { '@store/shared': '1.0.0', react: '19.0.0' } }));
  write('shop/vite.config.ts', 'export default {};');
  write('shop/index.html', '<div id="root"></div>');
  write('shop/src/main.tsx', 'export {};');
  write('office/package.json', JSON.stringify({ name: '@store/office' }));
  write('office/src/main.tsx', 'export {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's web build", () => {
  it('builds each app once, then skips it while nothing it is built from changes', async () => {
    expect(await buildStale()).toEqual(['shop', 'office']);
    expect(await buildStale()).toEqual([]);
    // What no build reads: another package, the app's tests, installed packages, tools' caches.
    write('server/src/index.ts', 'export const changed = true;');
    write('shop/src/main.test.tsx', 'it("renders", () => {});');
    write('shop/node_modules/.vite/deps/react.js', 'export {};');
    write('shop/.cache/state', '1');
    expect(await buildStale()).toEqual([]);
  });

  const shopAlone = ['shop'];
  const everyApp = ['shop', 'office'];
  it.each([
    { change: 'a source file', file: 'shop/src/main.tsx', text: 'export const title = "Shop";', rebuilt: shopAlone },
    { change: 'a new source file', file: 'shop/src/cart.tsx', text: 'export {};', rebuilt: shopAlone },
    { change: 'a public asset', file: 'shop/public/logo.svg', text: '<svg/>', rebuilt: shopAlone },
    { change: 'the Vite config', file: 'shop/vite.config.ts', text: 'export default { base: "/" };', rebuilt: shopAlone },
    { change: 'the page shell', file: 'shop/index.html', text: '<div id="app"></div>', rebuilt: shopAlone },
    { change: 'its package.json', file: 'shop/package.json', text: JSON.stringify({ name: '@store/shop', dependencies: { react: '19.1.0' } }), rebuilt: shopAlone },
    { change: 'a workspace package it imports', file: 'shared/src/money.ts', text: 'export const cents = 1000;', rebuilt: shopAlone },
    { change: 'the lockfile', file: 'package-lock.json', text: '{"lockfileVersion": 3, "packages": {}}', rebuilt: everyApp },
    { change: 'the shared TypeScript options', file: 'tsconfig.base.json', text: '{"compilerOptions": {}}', rebuilt: everyApp },
  ])('rebuilds what $change goes into', async ({ file, text, rebuilt }) => {
    await buildStale();
    write(file, text);
    expect(await buildStale()).toEqual(rebuilt);
    expect(await buildStale()).toEqual([]);
  });

  it('rebuilds an app whose build is gone, or was never recorded as finished', async () => {
    await buildStale();
    rmSync(path.join(root, 'shop/dist'), { recursive: true });
    expect(await buildStale()).toEqual(['shop']);
    // A build that failed halfway: files written, the hash not.
    rmSync(path.join(root, 'office/dist/.source-hash'));
    expect(await buildStale()).toEqual(['office']);
  });

  it('counts a renamed file as a change', async () => {
    const before = await webSourceHash('shop', root);
    rmSync(path.join(root, 'shop/src/main.tsx'));
    write('shop/src/index.tsx', 'export {};');
    expect(await webSourceHash('shop', root)).not.toBe(before);
  });
});
