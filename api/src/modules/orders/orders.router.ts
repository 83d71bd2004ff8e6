import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { bigIdParams, type IdParams } from '../../lib/admin-input';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { listOrdersQuery, type ListOrdersQuery } from './orders.schemas';
import type { OrdersService } from './orders.service';

/** Long enough for any real browser's User-Agent; bounds what one request can write. */
const USER_AGENT_MAX_LENGTH = 512;

export function createOrdersRouter(deps: { orders: OrdersService; guards: AuthGuards }) {
  const { orders, guards } = deps;
  const router = new Router<AppState>();

  router.get('/orders', guards.requireUser, validate({ query: listOrdersQuery }), async (ctx) => {
    ctx.body = await orders.list(currentUser(ctx).id, (ctx.state.valid.query as ListOrdersQuery).search);
  });

  router.get('/orders/:id', guards.requireUser, validate({ params: bigIdParams }), async (ctx) => {
    const viewer = {
      userId: currentUser(ctx).id,
      ip: ctx.ip || null,
      userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX_LENGTH) || null,
    };
    ctx.body = await orders.detail(viewer, (ctx.state.valid.params as IdParams).id);
    // The body may hold activation codes: no browser or proxy cache may keep it.
    ctx.set('Cache-Control', 'no-store');
  });

  return router;
}
