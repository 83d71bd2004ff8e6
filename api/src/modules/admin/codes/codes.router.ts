import Router from '@koa/router';
import { addBulkRoute, addCrudRoutes } from '../../../lib/admin-crud';
import { bigIdParams } from '../../../lib/admin-input';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import { bulkCodesBody, bulkCodesQuery, createCodeBody, updateCodeBody, type BulkCodesTarget } from './codes.schemas';
import type { AdminCodesService } from './codes.service';

export function createAdminCodesRouter(deps: { codes: AdminCodesService; guards: AuthGuards }) {
  const { codes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/codes' });
  router.use(guards.requireAdmin);

  addBulkRoute<BulkCodesTarget>(router, {
    path: '/bulk',
    jsonBody: bulkCodesBody,
    streamQuery: bulkCodesQuery,
    load: codes.bulkAdd,
  });
  addCrudRoutes(router, {
    resource: 'codes',
    service: codes,
    createBody: createCodeBody,
    updateBody: updateCodeBody,
    params: bigIdParams,
  });
  return router;
}
