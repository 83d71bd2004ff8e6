import Router from '@koa/router';
import { adminPubgDenominationEndpoints as endpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminPubgDenominationsService } from './pubg-denominations.service';

export function createAdminPubgDenominationsRouter(deps: { denominations: AdminPubgDenominationsService; guards: AuthGuards }) {
  const { denominations, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/pubg-admin/denominations' });
  const routes = typedRoutes(router, guards);

  // Before the CRUD routes, so `/:id` does not claim it.
  routes.add(endpoints.active, () => denominations.active());
  addCrudRoutes(routes, endpoints, denominations);
  return router;
}
