import Router from '@koa/router';
import { promotionsEndpoints } from '@topup/common/api';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { PromotionsService } from './promotions.service';

export function createPromotionsRouter(deps: { promotions: PromotionsService }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(promotionsEndpoints.active, async () => deps.promotions.listActive());
  return router;
}
