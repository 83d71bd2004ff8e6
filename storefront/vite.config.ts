import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API on this machine, at the PORT it reads (`npm run dev` passes .env's on). Its event streams pass
// as they come: the proxy neither buffers nor compresses.
const api = {
  '/api': { target: `http://127.0.0.1:${process.env.PORT || 3000}`, changeOrigin: true },
};

// `npm run dev` serves the whole store from this one address: the back office from its own dev server
// (admin/vite.config.ts's port), hot reload included, through its WebSocket under /admin/. That server
// knows only /admin/, so /admin is asked for as /admin/ (the store itself redirects it).
const backOffice = {
  '^/admin(/|$|\\?)': {
    target: 'http://127.0.0.1:5174',
    ws: true,
    rewrite: (requested: string) => requested.replace(/^\/admin(?=\?|$)/, '/admin/'),
  },
};

// react-router's package exports point at its development build (dev warnings on) for every bundler;
// a production build takes the production copy it ships beside it.
const reactRouterProductionDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterProductionDir, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProductionDir, 'dom-export.mjs') },
];

// react-i18next's use of the pre-React-18 shim, answered by React's own hook.
const reactBuiltIns = [
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('src/lib/use-sync-external-store-shim.ts', import.meta.url)),
  },
];

// The chunks index.html starts every page with: the bundler's runtime and the two groups below.
const START_CHUNKS = { vendor: 'vendor', app: 'app' };
const startChunkFile = new RegExp(`(^|/)(rolldown-runtime|${Object.values(START_CHUNKS).join('|')})-[\\w-]+\\.js$`);

export default defineConfig(({ command }) => ({
  // Precompressed copies next to each asset; the API server sends them to browsers that accept them.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: { alias: [...reactBuiltIns, ...(command === 'build' ? reactRouterProduction : [])] },
  server: { port: 5173, proxy: { ...api, ...backOffice } },
  preview: { port: 4173, proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      polyfill: false,
      // A lazy chunk's preload list need not name the start chunks: they are always loaded already.
      resolveDependencies: (_file, dependencies) => dependencies.filter((dependency) => !startChunkFile.test(dependency)),
    },
    rolldownOptions: {
      output: {
        // What every page starts with, in two chunks: the libraries (cached across releases that change
        // only the app's code) and the app's own start code (otherwise split into many small shared
        // chunks, each its own request and compressed apart).
        codeSplitting: {
          groups: [
            { name: START_CHUNKS.vendor, test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: START_CHUNKS.app, test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
