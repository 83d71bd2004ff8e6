import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppMiddleware, AppState } from '../../types';
import { topupOrderBody, type TopupOrderBody } from './topup.schemas';
import type { TopupOrdersService } from './topup.service';

export function createTopupRouter(deps: { topups: TopupOrdersService; guards: AuthGuards; idempotency: AppMiddleware }) {
  const { topups, guards, idempotency } = deps;
  const router = new Router<AppState>();

  router.post('/orders/topup', guards.requireUser, idempotency, validate({ body: topupOrderBody }), async (ctx) => {
    ctx.status = 201;
    ctx.body = { success: true, ...(await topups.create(currentUser(ctx).id, ctx.state.valid.body as TopupOrderBody)) };
  });

  return router;
}
