import Router from '@koa/router';
import { ordersEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { OrdersService } from './orders.service';

/** Long enough for any real browser's User-Agent; bounds what one request can write. */
const USER_AGENT_MAX_LENGTH = 512;

export function createOrdersRouter(deps: { orders: OrdersService; guards: AuthGuards }) {
  const { orders, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(ordersEndpoints.list, async (ctx, { query }) => orders.list(currentUser(ctx).id, contentLanguage(ctx), query.search));

  routes.add(ordersEndpoints.get, async (ctx, { params }) => {
    const viewer = {
      userId: currentUser(ctx).id,
      ip: ctx.ip || null,
      userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX_LENGTH) || null,
    };
    const order = await orders.detail(viewer, contentLanguage(ctx), params.id);
    // The body may hold activation codes: no browser or proxy cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    return order;
  });

  return router;
}
