import Router from '@koa/router';
import { adminOrdersEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminOrdersService } from './admin-orders.service';

/**
 * The back office's orders. The admin guard the contracts name sits on each route rather than on the
 * router, so it can never run for another router's paths once the routers are composed under /api.
 */
export function createAdminOrdersRouter(deps: { orders: AdminOrdersService; guards: AuthGuards }) {
  const { orders, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  addListRoute(routes, endpoints.list, (query) => orders.list(query));

  routes.add(endpoints.get, (_ctx, { params }) => orders.detail(params.id));

  routes.add(endpoints.changeStatus, (ctx, { params, body }) => orders.changeStatus(adminActor(ctx), params.id, body.status));

  routes.add(endpoints.refund, (ctx, { params, body }) => orders.refund(adminActor(ctx), params.id, body.note, body.destination));

  routes.add(endpoints.retryDelivery, (ctx, { params }) => orders.retryDelivery(adminActor(ctx), params.id));

  routes.add(endpoints.addNote, (ctx, { params, body }) => orders.addNote(adminActor(ctx), params.id, body.note));

  return router;
}
