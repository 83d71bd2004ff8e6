import Router from '@koa/router';
import { adminActor, bigIdParams, type IdParams } from '../../../lib/admin-input';
import { listQuerySchema, sendList } from '../../../lib/simple-rest';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import { changeStatusBody, refundBody, type ChangeStatusBody, type RefundBody } from './admin-orders.schemas';
import type { AdminOrdersService, ListInput } from './admin-orders.service';

/**
 * The back office's orders. The admin guard sits on each route rather than on the router, so it can
 * never run for another router's paths once the routers are composed under /api.
 */
export function createAdminOrdersRouter(deps: { orders: AdminOrdersService; guards: AuthGuards }) {
  const { orders, guards } = deps;
  const router = new Router<AppState>();

  router.get('/admin/orders', guards.requireAdmin, validate({ query: listQuerySchema }), async (ctx) => {
    const page = await orders.list(ctx.state.valid.query as ListInput);
    sendList(ctx, 'orders', page.rows, page.total, page.range);
  });

  router.get('/admin/orders/:id', guards.requireAdmin, validate({ params: bigIdParams }), async (ctx) => {
    ctx.body = await orders.detail((ctx.state.valid.params as IdParams).id);
  });

  router.put(
    '/admin/orders/:id',
    guards.requireAdmin,
    validate({ params: bigIdParams, body: changeStatusBody }),
    async (ctx) => {
      const { id } = ctx.state.valid.params as IdParams;
      const { status } = ctx.state.valid.body as ChangeStatusBody;
      ctx.body = await orders.changeStatus(adminActor(ctx), id, status);
    },
  );

  router.post(
    '/admin/orders/:id/refund',
    guards.requireAdmin,
    validate({ params: bigIdParams, body: refundBody }),
    async (ctx) => {
      const { id } = ctx.state.valid.params as IdParams;
      const { note, destination } = ctx.state.valid.body as RefundBody;
      ctx.body = await orders.refund(adminActor(ctx), id, note, destination);
    },
  );

  return router;
}
