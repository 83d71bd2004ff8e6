import Router from '@koa/router';
import type { AppState } from '../../types';
import type { PromotionsService } from './promotions.service';

export function createPromotionsRouter(deps: { promotions: PromotionsService }) {
  const router = new Router<AppState>();
  router.get('/promotions/active', async (ctx) => {
    ctx.body = await deps.promotions.listActive();
  });
  return router;
}
