import { mkdir, rename, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { isEntryPoint, repoRoot, runScript, say } from './cli';

/**
 * The processes production runs, each bundled into one JavaScript file: `node --enable-source-maps
 * <bundle>` starts without a TypeScript loader, in less memory. A bundle sits in its package's
 * dist/, one level below the package as src/ is (the root's scripts/ for the root's dist/), so paths
 * the code finds from its own location (the repository root, the package's files) are the same from
 * the sources and from the bundle.
 */
export const SERVER_BUNDLES = {
  api: { source: 'api/src/server.ts', bundle: 'api/dist/server.js' },
  workers: { source: 'workers/src/index.ts', bundle: 'workers/dist/index.js' },
  // Migrates (and outside production seeds) the database where only production dependencies are
  // installed: the image runs it before the API and the workers (docker-compose.yml, service setup).
  setup: { source: 'scripts/db-setup.ts', bundle: 'dist/db-setup.js' },
} as const;

export type ServerBundle = keyof typeof SERVER_BUNDLES;

/**
 * How node runs each bundle: `npm start`, the image's CMD and docker-compose.yml run exactly this.
 * Stack traces point at the .ts files. The API's young generation is capped at 8 MB a semi-space
 * (V8's default is 16 on 64-bit): its requests leave little that outlives them, so a scavenge is as
 * quick either way, and each API process holds about 15 MB less (docs/scaling.md, "Memory").
 */
export const NODE_ARGUMENTS: Record<ServerBundle, readonly string[]> = {
  api: ['--enable-source-maps', '--max-semi-space-size=8', SERVER_BUNDLES.api.bundle],
  workers: ['--enable-source-maps', SERVER_BUNDLES.workers.bundle],
  setup: ['--enable-source-maps', SERVER_BUNDLES.setup.bundle],
};

/** Marks the resolve calls the plugin makes itself, so it does not answer them again. */
const OWN_LOOKUP = Symbol('own lookup');

/**
 * Packages from npm stay outside the bundle and load from node_modules at run time; the workspace
 * packages (@topup/*), which export TypeScript sources, are bundled in. An import that would find
 * another copy from the bundle's folder than from its source file's (api's own ajv 8, beside the
 * root's ajv 6) is written as a relative path to the copy the source uses.
 */
function npmPackagesExternal(bundleDir: string): Plugin {
  return {
    name: 'npm-packages-external',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === OWN_LOOKUP || args.path.startsWith('@topup/')) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const lookUp = (resolveDir: string) =>
          pluginBuild.resolve(args.path, { kind: args.kind, resolveDir, pluginData: OWN_LOOKUP });
        // The package folder finds what the bundle will, and exists before the first build.
        const [fromSource, fromBundle] = await Promise.all([lookUp(args.resolveDir), lookUp(path.dirname(bundleDir))]);
        if (fromSource.errors.length > 0) return { errors: fromSource.errors };
        if (fromSource.path === fromBundle.path) return { path: args.path, external: true };
        return { path: `./${path.relative(bundleDir, fromSource.path).split(path.sep).join('/')}`, external: true };
      });
    },
  };
}

/**
 * Bundles the API and the workers (about a second); source maps point stack traces at the .ts files.
 * Each file is written whole under a temporary name and then renamed into place, so a process
 * starting meanwhile (another `npm start`, a restart) never loads half a bundle.
 */
export async function buildServer(): Promise<void> {
  await Promise.all(
    Object.values(SERVER_BUNDLES).map(async ({ source, bundle }) => {
      const outfile = path.join(repoRoot, bundle);
      const { outputFiles } = await build({
        entryPoints: [path.join(repoRoot, source)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        // The sources are beside the bundle; the map only has to point at them.
        sourcesContent: false,
        logLevel: 'warning',
        plugins: [npmPackagesExternal(path.dirname(outfile))],
        write: false,
      });
      await mkdir(path.dirname(outfile), { recursive: true });
      for (const file of outputFiles) {
        const partial = `${file.path}.${process.pid}.partial`;
        await writeFile(partial, file.contents);
        await rename(partial, file.path);
      }
    }),
  );
}

if (isEntryPoint(import.meta.url)) {
  runScript('Building the API and the workers', async () => {
    await buildServer();
    say(`Built ${Object.values(SERVER_BUNDLES).map(({ bundle }) => bundle).join(', ')}`);
  });
}
