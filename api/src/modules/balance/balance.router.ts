import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import { topupBody, type TopupBody } from './balance.schemas';
import type { BalanceService } from './balance.service';

export function createBalanceRouter(deps: { balance: BalanceService; guards: AuthGuards }) {
  const { balance, guards } = deps;
  const router = new Router<AppState>();

  router.get('/balance', guards.requireUser, async (ctx) => {
    ctx.body = await balance.balances(currentUser(ctx).id);
  });

  router.post('/balance/topup', guards.requireAdmin, validate({ body: topupBody }), async (ctx) => {
    ctx.body = await balance.adminTopup(currentUser(ctx).id, ctx.state.valid.body as TopupBody, ctx.state.requestId);
  });

  return router;
}
