import Router from '@koa/router';
import { balanceEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { BalanceService } from './balance.service';

export function createBalanceRouter(deps: { balance: BalanceService; guards: AuthGuards }) {
  const { balance, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(balanceEndpoints.list, async (ctx) => balance.balances(currentUser(ctx).id));

  routes.add(balanceEndpoints.topup, async (ctx, { body }) => balance.adminTopup(currentUser(ctx).id, body, ctx.state.requestId));

  return router;
}
