import Router from '@koa/router';
import { adminUserEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminOrdersService } from '../orders/admin-orders.service';
import type { AdminUsersService } from './admin-users.service';

/**
 * The back office's users: balances and their ledger, password, orders, support requests, notes. No create or delete. The admin guard the contracts
 * name sits on each route, so it never runs for another router's paths once the routers are composed under /api.
 */
export function createAdminUsersRouter(deps: { users: AdminUsersService; orders: AdminOrdersService; guards: AuthGuards }) {
  const { users, orders, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  addListRoute(routes, endpoints.list, (query) => users.list(query));

  routes.add(endpoints.get, (_ctx, { params }) => users.detail(params.id));

  routes.add(endpoints.changeBalance, (ctx, { params, body }) => users.changeBalance(adminActor(ctx), params.id, body));

  addListRoute(routes, endpoints.ledger, (query, { id }) => users.ledger(id, query));

  addListRoute(routes, endpoints.notes, (query, { id }) => users.notes(id, query));

  routes.add(endpoints.addNote, (ctx, { params, body }) => users.addNote(adminActor(ctx), params.id, body.note));

  addListRoute(routes, endpoints.supportMessages, (query, { id }) => users.supportMessages(id, query));

  routes.add(endpoints.changePassword, (ctx, { params, body }) => users.changePassword(adminActor(ctx), params.id, body.password));

  addListRoute(routes, endpoints.orders, async (query, { id }) => {
    await users.assertExists(id);
    return orders.list(query, { userId: id });
  });

  return router;
}
