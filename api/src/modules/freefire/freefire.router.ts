import Router from '@koa/router';
import { freefireEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers';
import type { FreefireService } from './freefire.service';

export function createFreefireRouter(deps: { freefire: FreefireService; answers: CatalogueAnswers }) {
  const router = new Router<AppState>();
  typedRoutes(router).add(freefireEndpoints.offers, async (ctx) => deps.answers.answer(ctx, 'no product', () => deps.freefire.listOffers(contentLanguage(ctx))));
  return router;
}
