import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import type { AppMiddleware, AppState } from '../../types';
import { fromBalanceBody, type FromBalanceBody } from './checkout.schemas';
import type { CheckoutService } from './checkout.service';

export function createCheckoutRouter(deps: { checkout: CheckoutService; guards: AuthGuards; idempotency: AppMiddleware }) {
  const { checkout, guards, idempotency } = deps;
  const router = new Router<AppState>();

  router.post('/payment/from-balance', guards.requireUser, idempotency, validate({ body: fromBalanceBody }), async (ctx) => {
    const { currency } = ctx.state.valid.body as FromBalanceBody;
    ctx.status = 201;
    ctx.body = { success: true, ...(await checkout.payFromBalance(currentUser(ctx).id, currency)) };
  });

  return router;
}
