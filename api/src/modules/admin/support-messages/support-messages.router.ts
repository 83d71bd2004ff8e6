import Router from '@koa/router';
import { adminSupportMessagesEndpoints as endpoints } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminSupportMessagesService } from './support-messages.service';

/** The back office's support inbox; the admin guard the contracts name sits on each route. */
export function createAdminSupportMessagesRouter(deps: { supportMessages: AdminSupportMessagesService; guards: AuthGuards }) {
  const { supportMessages, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(endpoints.settings, () => supportMessages.settings());
  routes.add(endpoints.updateSettings, (ctx, { body }) => supportMessages.updateSettings(adminActor(ctx), body));
  addListRoute(routes, endpoints.list, (query) => supportMessages.list(query));
  routes.add(endpoints.get, (ctx, { params }) => supportMessages.open(adminActor(ctx), params.id));
  routes.add(endpoints.update, (ctx, { params, body }) => supportMessages.update(adminActor(ctx), params.id, body));
  routes.add(endpoints.reply, (ctx, { params, body }) => supportMessages.reply(adminActor(ctx), params.id, body.message));

  return router;
}
