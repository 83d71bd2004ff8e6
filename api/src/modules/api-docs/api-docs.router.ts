import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import send from 'koa-send';
import type { Endpoint } from '@topup/common/api';
import { apiPackageDir } from '../../package-dir';
import type { AppState } from '../../types';
import { openApiDocument, type RawOperation } from './openapi-document';

/** The API's version, as its package states it. */
const apiVersion = (createRequire(import.meta.url)(path.join(apiPackageDir, 'package.json')) as { version: string }).version;
const viewerDir = path.join(apiPackageDir, 'src/modules/api-docs/viewer');
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The viewer's files: ours, then the two of swagger-ui-dist it needs. */
const VIEWER_FILES: Record<string, string> = {
  'viewer.js': viewerDir,
  'swagger-ui.css': swaggerUiDir,
  'swagger-ui-bundle.js': swaggerUiDir,
};

/**
 * `GET /api/openapi.json`, generated from the contracts the app's routes were declared with (so it lists
 * exactly what the server answers), and `GET /api/docs`, Swagger UI reading it, served from the store itself.
 */
export function createApiDocsRouter(deps: { endpoints: () => Endpoint[]; raw: RawOperation[] }) {
  const router = new Router<AppState>();
  let document: string | undefined;

  router.get('/openapi.json', (ctx) => {
    // Built on first use: the routes are all declared by then, and they do not change while running.
    document ??= JSON.stringify(openApiDocument(deps.endpoints(), deps.raw, apiVersion));
    ctx.type = 'application/json';
    ctx.body = document;
  });

  router.get('/docs', async (ctx) => {
    await send(ctx, 'index.html', { root: viewerDir });
  });

  router.get('/docs/:file', async (ctx) => {
    const root = VIEWER_FILES[ctx.params.file!];
    if (!root) return;
    ctx.set('Cache-Control', 'public, max-age=86400');
    await send(ctx, ctx.params.file!, { root });
  });

  return router;
}
