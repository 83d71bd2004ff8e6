import Router from '@koa/router';
import { addCrudRoutes } from '../../../lib/admin-crud';
import { adminActor, idParams, type IdParams } from '../../../lib/admin-input';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import {
  createProductBody,
  productRegionParams,
  productRegionsBody,
  regionCurrencyBody,
  updateProductBody,
  type ProductRegionParams,
} from './products.schemas';
import type { AdminProductsService } from './products.service';

export function createAdminProductsRouter(deps: { products: AdminProductsService; guards: AuthGuards }) {
  const { products, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only, never another router's.
  const router = new Router<AppState>({ prefix: '/admin/products' });
  router.use(guards.requireAdmin);

  addCrudRoutes(router, { resource: 'products', service: products, createBody: createProductBody, updateBody: updateProductBody });

  router.get('/:id/regions', validate({ params: idParams }), async (ctx) => {
    ctx.body = await products.regions((ctx.state.valid.params as IdParams).id);
  });

  router.put('/:id/regions', validate({ params: idParams, body: productRegionsBody }), async (ctx) => {
    const { id } = ctx.state.valid.params as IdParams;
    const { regionIds } = ctx.state.valid.body as { regionIds: number[] };
    ctx.body = await products.setRegions(adminActor(ctx), id, regionIds);
  });

  router.put(
    '/:id/regions/:regionId/currency',
    validate({ params: productRegionParams, body: regionCurrencyBody }),
    async (ctx) => {
      const { id, regionId } = ctx.state.valid.params as ProductRegionParams;
      const { gameCurrency } = ctx.state.valid.body as { gameCurrency: string };
      ctx.body = await products.setRegionCurrency(adminActor(ctx), id, regionId, gameCurrency);
    },
  );

  return router;
}
