import Router from '@koa/router';
import { adminCodeEndpoints as endpoints, BulkCodesQuery, EmptyObject } from '@topup/common/api';
import { addBulkRoute, addCrudRoutes } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
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
  addBulkRoute(routes, endpoints.csvImport, { streamQuery: EmptyObject, streamType: 'text/csv', load: codes.csvImport });
  routes.add(endpoints.csvExport, (ctx, { query, body }) => codes.csvExport(adminActor(ctx), query.filter, body));
  addCrudRoutes(routes, endpoints, codes);
  return router;
}
