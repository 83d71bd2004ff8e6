import Router from '@koa/router';
import { adminFreefireDenominationEndpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminFreefireDenominationsService } from './freefire-denominations.service';

export function createAdminFreefireDenominationsRouter(deps: {
  denominations: AdminFreefireDenominationsService;
  guards: AuthGuards;
}) {
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/freefire-admin/denominations' });
  addCrudRoutes(typedRoutes(router, deps.guards), adminFreefireDenominationEndpoints, deps.denominations);
  return router;
}
