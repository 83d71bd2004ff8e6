import Router from '@koa/router';
import { addCrudRoutes } from '../../../lib/admin-crud';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import { createRegionBody, updateRegionBody } from './regions.schemas';
import type { AdminRegionsService } from './regions.service';

export function createAdminRegionsRouter(deps: { regions: AdminRegionsService; guards: AuthGuards }) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/regions' });
  router.use(deps.guards.requireAdmin);
  addCrudRoutes(router, { resource: 'regions', service: deps.regions, createBody: createRegionBody, updateBody: updateRegionBody });
  return router;
}
