import Router from '@koa/router';
import { adminPubgCodeEndpoints as endpoints, BulkPubgCodesQuery } from '@topup/common/api';
import { addBulkRoute, addCrudRoutes } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminPubgCodesService } from './pubg-codes.service';

export function createAdminPubgCodesRouter(deps: { codes: AdminPubgCodesService; guards: AuthGuards }) {
  const { codes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/pubg-admin/codes' });
  const routes = typedRoutes(router, guards);

  addBulkRoute(routes, endpoints.bulk, { streamQuery: BulkPubgCodesQuery, load: codes.bulkAdd });
  routes.add(endpoints.sellAsCodes, (ctx, { body }) => codes.sellAsCodes(adminActor(ctx), body));
  addCrudRoutes(routes, endpoints, codes);
  return router;
}
