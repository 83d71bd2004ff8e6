import Router from '@koa/router';
import { topupEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppMiddleware, AppState } from '../../types';
import type { TopupOrdersService } from './topup.service';

export function createTopupRouter(deps: { topups: TopupOrdersService; guards: AuthGuards; idempotency: AppMiddleware }) {
  const { topups, guards, idempotency } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(topupEndpoints.create, [idempotency], async (ctx, { body }) => ({
    success: true as const,
    ...(await topups.create(currentUser(ctx).id, body, ctx.state.idempotency)),
  }));

  return router;
}
