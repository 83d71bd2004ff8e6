import Router from '@koa/router';
import { adminCodeEndpoints as endpoints, BulkCodesQuery } from '@topup/common/api';
import { addBulkRoute, addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminCodesService } from './codes.service';

export function createAdminCodesRouter(deps: { codes: AdminCodesService; guards: AuthGuards }) {
  const { codes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/codes' });
  const routes = typedRoutes(router, guards);

  addBulkRoute(routes, endpoints.bulk, { streamQuery: BulkCodesQuery, load: codes.bulkAdd });
  addCrudRoutes(routes, endpoints, codes);
  return router;
}
