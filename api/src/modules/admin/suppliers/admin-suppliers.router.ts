import Router from '@koa/router';
import { adminSupplierEndpoints as suppliers, adminSupplierProductEndpoints as products } from '@topup/common/api';
import { addListRoute } from '../../../lib/admin-crud';
import { adminActor } from '../../../lib/admin-input';
import { typedRoutes } from '../../../lib/typed-routes';
import type { AuthGuards } from '../../../middleware/auth';
import type { AppState } from '../../../types';
import type { AdminSuppliersService } from './admin-suppliers.service';

/** `/admin/suppliers` and `/admin/supplier-products` (common/src/api/admin-suppliers.ts). */
export function createAdminSuppliersRouter(deps: { suppliers: AdminSuppliersService; guards: AuthGuards }) {
  const { guards } = deps;
  const service = deps.suppliers;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  addListRoute(routes, suppliers.list, (query) => service.list(query));
  routes.add(suppliers.get, (_ctx, { params }) => service.get(params.id));
  routes.add(suppliers.update, (ctx, { params, body }) => service.update(adminActor(ctx), params.id, body));
  routes.add(suppliers.catalogueSync, (ctx, { params }) => service.requestCatalogueSync(adminActor(ctx), params.id));

  addListRoute(routes, products.list, (query) => service.products(query));
  routes.add(products.get, (_ctx, { params }) => service.product(params.id));

  return router;
}
