import Router from '@koa/router';
import { catalogueEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { CatalogueAnswers } from './catalogue-answers';
import type { CatalogueService } from './catalogue.service';

export function createCatalogueRouter(deps: { catalogue: CatalogueService; answers: CatalogueAnswers }) {
  const { catalogue, answers } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router);

  routes.add(catalogueEndpoints.list, async (ctx, { query }) =>
    answers.answer(ctx, 'every product', () => catalogue.listProducts(contentLanguage(ctx), query.search)),
  );

  routes.add(catalogueEndpoints.bySlug, async (ctx, { params }) =>
    answers.answer(ctx, (product) => product.id, () => catalogue.productBySlug(contentLanguage(ctx), params.slug)),
  );

  routes.add(catalogueEndpoints.priceOptions, async (ctx, { params }) =>
    answers.answer(ctx, params.id, () => catalogue.priceOptions(params.id, params.regionId)),
  );

  routes.add(catalogueEndpoints.popularOptions, async (ctx, { params }) =>
    answers.answer(ctx, params.id, () => catalogue.popularOptions(params.id, params.regionId)),
  );

  return router;
}
