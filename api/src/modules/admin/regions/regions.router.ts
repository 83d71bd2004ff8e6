import Router from '@koa/router';
import { adminRegionEndpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminRegionsService } from './regions.service';

export function createAdminRegionsRouter(deps: { regions: AdminRegionsService; guards: AuthGuards }) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/regions' });
  addCrudRoutes(typedRoutes(router, deps.guards), adminRegionEndpoints, deps.regions);
  return router;
}
