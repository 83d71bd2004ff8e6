import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API on this machine, at the PORT it reads (`npm run dev` passes .env's on).
const api = {
  '/api': { target: `http://127.0.0.1:${process.env.PORT || 3000}`, changeOrigin: true },
};

// The back office is served under /admin/ by the API server, next to the storefront at /.
export default defineConfig({
  base: '/admin/',
  // Precompressed copies next to each asset; the API server sends them to browsers that accept them.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  server: { port: 5174, proxy: api },
  preview: { port: 4174, proxy: api },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
});
