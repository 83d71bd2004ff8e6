import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, say } from './cli';

/** The web apps `npm start` builds, each a workspace folder with a Vite config and a dist/ it serves. */
export const WEB_APPS = ['storefront', 'admin'] as const;
export type WebApp = (typeof WEB_APPS)[number];

/**
 * The fingerprint of the sources a build was made from, written into the app's dist/ once the build
 * succeeds: it goes with the build when dist/ is deleted or rebuilt, and the API never serves it (a
 * file whose name starts with a dot).
 */
export const SOURCE_HASH_FILE = '.source-hash';

/** Files beside the app's that every build reads: the locked dependency versions and the shared TypeScript options. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

/** Never part of a build: installed packages, the build itself, tools' caches, and the tests. */
const isBuildInput = (name: string, isDirectory: boolean) =>
  !name.startsWith('.') && (isDirectory ? name !== 'node_modules' && name !== 'dist' : !/\.test\.tsx?$/.test(name));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => isBuildInput(entry.name, entry.isDirectory()))
      .map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

interface PackageJson {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The app's folder and those of the workspace packages it imports (@topup/common, and theirs in turn). */
async function packageDirs(root: string, app: string): Promise<string[]> {
  const { workspaces = [] } = await readJson<PackageJson>(path.join(root, 'package.json'));
  const byName = new Map<string, string>();
  for (const workspace of workspaces) {
    const manifest = path.join(root, workspace, 'package.json');
    if (existsSync(manifest)) byName.set((await readJson<PackageJson>(manifest)).name ?? workspace, workspace);
  }
  const found = new Set<string>();
  const visit = async (dir: string) => {
    if (found.has(dir)) return;
    found.add(dir);
    const { dependencies = {}, devDependencies = {} } = await readJson<PackageJson>(path.join(root, dir, 'package.json'));
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      const workspace = byName.get(name);
      if (workspace) await visit(workspace);
    }
  };
  await visit(app);
  return [...found].sort();
}

/** A hash of everything the app's build reads from the repository: its files, its workspace packages', the lockfile. */
export async function webSourceHash(app: string, root = repoRoot): Promise<string> {
  const dirs = await packageDirs(root, app);
  const files = [
    ...(await Promise.all(dirs.map((dir) => filesUnder(path.join(root, dir))))).flat(),
    ...SHARED_INPUTS.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The name too: a file moved is a change even when its bytes are not.
    hash.update(`${path.relative(root, file).split(path.sep).join('/')}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const distOf = (app: string, root: string) => path.join(root, app, 'dist');

/** The hash the app's current build was made from; undefined when there is no complete build. */
async function builtFrom(app: string, root: string): Promise<string | undefined> {
  const dist = distOf(app, root);
  if (!existsSync(path.join(dist, 'index.html'))) return undefined;
  return readFile(path.join(dist, SOURCE_HASH_FILE), 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
}

/** What to build: each app whose build is missing or was made from other sources, with the hash of the sources now. */
export async function staleWebApps(root = repoRoot, apps: readonly string[] = WEB_APPS): Promise<Array<{ app: string; hash: string }>> {
  const checked = await Promise.all(
    apps.map(async (app) => {
      const [hash, built] = await Promise.all([webSourceHash(app, root), builtFrom(app, root)]);
      return { app, hash, stale: hash !== built };
    }),
  );
  return checked.filter(({ stale }) => stale).map(({ app, hash }) => ({ app, hash }));
}

/** Records the sources a finished build was made from (their hash as read before it started). */
export async function recordWebBuild(app: string, hash: string, root = repoRoot): Promise<void> {
  await writeFile(path.join(distOf(app, root), SOURCE_HASH_FILE), `${hash}\n`);
}

/**
 * `npm start`'s web build: builds the apps whose sources changed since their last build, and only
 * those. Returns false when the build failed (its output is on the terminal).
 */
export async function buildChangedWebApps(): Promise<boolean> {
  const stale = await staleWebApps();
  const fresh = WEB_APPS.filter((app) => !stale.some((entry) => entry.app === app));
  if (fresh.length > 0) say(`${fresh.join(' and ')}: sources unchanged since the last build, not rebuilt`);
  if (stale.length === 0) return true;
  say(`Building ${stale.map(({ app }) => app).join(' and ')} (SKIP_WEB_BUILD=1 skips this)`);
  const workspaces = stale.flatMap(({ app }) => ['-w', app]);
  const build = spawnSync('npm', ['run', 'build', ...workspaces], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) return false;
  await Promise.all(stale.map(({ app, hash }) => recordWebBuild(app, hash)));
  return true;
}
