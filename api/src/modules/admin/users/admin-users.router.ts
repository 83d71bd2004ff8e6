import Router from '@koa/router';
import { adminActor, idParams, type IdParams } from '../../../lib/admin-input';
import { listQuerySchema, sendList } from '../../../lib/simple-rest';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import type { AdminOrdersService, ListInput } from '../orders/admin-orders.service';
import { changePasswordBody, updateUserBody, type ChangePasswordBody, type UpdateUserBody } from './admin-users.schemas';
import type { AdminUsersService } from './admin-users.service';

/**
 * The back office's users: balances, password, orders. No create or delete. The admin guard sits on
 * each route, so it never runs for another router's paths once the routers are composed under /api.
 */
export function createAdminUsersRouter(deps: { users: AdminUsersService; orders: AdminOrdersService; guards: AuthGuards }) {
  const { users, orders, guards } = deps;
  const router = new Router<AppState>();

  router.get('/admin/users', guards.requireAdmin, validate({ query: listQuerySchema }), async (ctx) => {
    const page = await users.list(ctx.state.valid.query as ListInput);
    sendList(ctx, 'users', page.rows, page.total, page.range);
  });

  router.get('/admin/users/:id', guards.requireAdmin, validate({ params: idParams }), async (ctx) => {
    ctx.body = await users.detail((ctx.state.valid.params as IdParams).id);
  });

  router.put('/admin/users/:id', guards.requireAdmin, validate({ params: idParams, body: updateUserBody }), async (ctx) => {
    const { id } = ctx.state.valid.params as IdParams;
    ctx.body = await users.update(adminActor(ctx), id, ctx.state.valid.body as UpdateUserBody);
  });

  router.put(
    '/admin/users/:id/password',
    guards.requireAdmin,
    validate({ params: idParams, body: changePasswordBody }),
    async (ctx) => {
      const { id } = ctx.state.valid.params as IdParams;
      ctx.body = await users.changePassword(adminActor(ctx), id, (ctx.state.valid.body as ChangePasswordBody).password);
    },
  );

  router.get(
    '/admin/users/:id/orders',
    guards.requireAdmin,
    validate({ params: idParams, query: listQuerySchema }),
    async (ctx) => {
      const { id } = ctx.state.valid.params as IdParams;
      await users.assertExists(id);
      const page = await orders.list(ctx.state.valid.query as ListInput, { userId: id });
      sendList(ctx, 'orders', page.rows, page.total, page.range);
    },
  );

  return router;
}
