import Router from '@koa/router';
import { adminGameDenominationEndpoints, adminGameEndpoints } from '@topup/common/api';
import { addListRoute } from '../../lib/admin-crud';
import { adminActor } from '../../lib/admin-input';
import { typedRoutes } from '../../lib/typed-routes';
import type { AuthGuards } from '../../middleware/auth';
import type { AppState } from '../../types';
import type { AdminGamesService } from './admin-games.service';

/** The back office's games and their denominations: list, read, create, update (deactivated, never deleted). */
export function createAdminGamesRouter(deps: { admin: AdminGamesService; guards: AuthGuards }) {
  const { admin, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin' });
  const routes = typedRoutes(router, guards);

  addListRoute(routes, adminGameEndpoints.list, (query) => admin.games.list(query));
  addListRoute(routes, adminGameDenominationEndpoints.list, (query) => admin.denominations.list(query));
  routes.add(adminGameEndpoints.get, (_ctx, { params }) => admin.games.get(params.id));
  routes.add(adminGameEndpoints.create, (ctx, { body }) => admin.games.create(adminActor(ctx), body));
  routes.add(adminGameEndpoints.update, (ctx, { params, body }) => admin.games.update(adminActor(ctx), params.id, body));
  routes.add(adminGameDenominationEndpoints.get, (_ctx, { params }) => admin.denominations.get(params.id));
  routes.add(adminGameDenominationEndpoints.create, (ctx, { body }) => admin.denominations.create(adminActor(ctx), body));
  routes.add(adminGameDenominationEndpoints.update, (ctx, { params, body }) => admin.denominations.update(adminActor(ctx), params.id, body));

  return router;
}
