import Router from '@koa/router';
import { catalogueEndpoints } from '@topup/common/api';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { CatalogueService } from './catalogue.service';

export function createCatalogueRouter(deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router);

  routes.add(catalogueEndpoints.list, async (_ctx, { query }) => catalogue.listProducts(query.search));

  routes.add(catalogueEndpoints.bySlug, async (_ctx, { params }) => catalogue.productBySlug(params.slug));

  routes.add(catalogueEndpoints.priceOptions, async (_ctx, { params }) => catalogue.priceOptions(params.id, params.regionId));

  routes.add(catalogueEndpoints.popularOptions, async (_ctx, { params }) => catalogue.popularOptions(params.id, params.regionId));

  return router;
}
