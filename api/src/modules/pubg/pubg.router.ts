import Router from '@koa/router';
import { pubgEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers';
import type { PubgService } from './pubg.service';

export function createPubgRouter(deps: { pubg: PubgService; answers: CatalogueAnswers }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(pubgEndpoints.packages, async (ctx) => deps.answers.answer(ctx, 'no product', () => deps.pubg.listPackages(contentLanguage(ctx))));
  return router;
}
