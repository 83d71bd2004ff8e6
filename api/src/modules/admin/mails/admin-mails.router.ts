import Router from '@koa/router';
import { adminMailsEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminMailsService } from './admin-mails.service';

/** The back office's Mail tab: list and read; the admin guard the contracts name sits on each route. */
export function createAdminMailsRouter(deps: { mails: AdminMailsService; guards: AuthGuards }) {
  const { mails, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);
  addListRoute(routes, endpoints.list, (query) => mails.list(query));
  routes.add(endpoints.get, (_ctx, { params }) => mails.get(params.id));
  return router;
}
