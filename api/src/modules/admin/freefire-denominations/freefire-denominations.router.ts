import Router from '@koa/router';
import { addCrudRoutes } from '../../../lib/admin-crud';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import { createFreefireDenominationBody, updateFreefireDenominationBody } from './freefire-denominations.schemas';
import type { AdminFreefireDenominationsService } from './freefire-denominations.service';

export function createAdminFreefireDenominationsRouter(deps: {
  denominations: AdminFreefireDenominationsService;
  guards: AuthGuards;
}) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/freefire-admin/denominations' });
  router.use(deps.guards.requireAdmin);
  addCrudRoutes(router, {
    resource: 'denominations',
    service: deps.denominations,
    createBody: createFreefireDenominationBody,
    updateBody: updateFreefireDenominationBody,
  });
  return router;
}
