import Router from '@koa/router';
import { promotionsEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers';
import type { PromotionsService } from './promotions.service';

export function createPromotionsRouter(deps: { promotions: PromotionsService; answers: CatalogueAnswers }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(promotionsEndpoints.active, async (ctx) => deps.answers.answer(ctx, 'no product', () => deps.promotions.listActive(contentLanguage(ctx))));
  return router;
}
