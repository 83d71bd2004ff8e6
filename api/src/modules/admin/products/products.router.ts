import Router from '@koa/router';
import { adminProductEndpoints as endpoints } from '@topup/common/api';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminProductsService } from './products.service';

export function createAdminProductsRouter(deps: { products: AdminProductsService; guards: AuthGuards }) {
  const { products, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only, never another router's.
  const router = new Router<AppState>({ prefix: '/admin/products' });
  const routes = typedRoutes(router, guards);

  addCrudRoutes(routes, endpoints, products);

  routes.add(endpoints.regions, (_ctx, { params }) => products.regions(params.id));

  routes.add(endpoints.setRegions, (ctx, { params, body }) => products.setRegions(adminActor(ctx), params.id, body.regionIds));

  routes.add(endpoints.setRegionCurrency, (ctx, { params, body }) =>
    products.setRegionCurrency(adminActor(ctx), params.id, params.regionId, body.gameCurrency),
  );

  return router;
}
