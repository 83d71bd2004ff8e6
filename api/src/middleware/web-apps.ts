import { existsSync } from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import type { AppMiddleware } from '../types';

export interface WebApp {
  /** URL prefix the app is served under, '/' or '/admin/'. */
  basePath: string;
  /** The app's built files (vite's dist folder). */
  distDir: string;
}

/**
 * Serves the built single-page apps: a file when it exists, else the app's index.html so client-side
 * routes (/orders/12, /admin/products) survive a reload. Hashed assets are cached for a year.
 */
export function serveWebApps(apps: WebApp[]): AppMiddleware {
  // Longest prefix first, so /admin/ wins over /.
  const ordered = [...apps].sort((a, b) => b.basePath.length - a.basePath.length);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      return next();
    }
    const adminWithoutSlash = ctx.path === '/admin';
    if (adminWithoutSlash) {
      ctx.redirect('/admin/');
      return;
    }
    const app = ordered.find((candidate) => ctx.path.startsWith(candidate.basePath));
    if (!app || !existsSync(path.join(app.distDir, 'index.html'))) return next();
    const relative = ctx.path.slice(app.basePath.length);
    const isAsset = relative.startsWith('assets/');
    const served = relative
      ? await send(ctx, relative, {
          root: app.distDir,
          maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
          immutable: isAsset,
          // The build writes .br and .gz copies; send one when the browser accepts it.
          brotli: true,
          gzip: true,
        }).catch((err: { status?: number }) => {
          if (err.status === 404) return undefined;
          throw err;
        })
      : undefined;
    if (served) {
      ctx.vary('Accept-Encoding');
      return;
    }
    if (isAsset || path.extname(relative)) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: app.distDir });
  };
}
