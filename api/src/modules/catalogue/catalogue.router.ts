import Router from '@koa/router';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import {
  listProductsQuery,
  productRegionParams,
  slugParams,
  type ListProductsQuery,
  type ProductRegionParams,
} from './catalogue.schemas';
import type { CatalogueService } from './catalogue.service';

export function createCatalogueRouter(deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;
  const router = new Router<AppState>();

  router.get('/products', validate({ query: listProductsQuery }), async (ctx) => {
    ctx.body = await catalogue.listProducts((ctx.state.valid.query as ListProductsQuery).search);
  });

  router.get('/products/slug/:slug', validate({ params: slugParams }), async (ctx) => {
    ctx.body = await catalogue.productBySlug((ctx.state.valid.params as { slug: string }).slug);
  });

  router.get('/products/:id/codes/:regionId', validate({ params: productRegionParams }), async (ctx) => {
    const { id, regionId } = ctx.state.valid.params as ProductRegionParams;
    ctx.body = await catalogue.priceOptions(id, regionId);
  });

  router.get('/products/:id/popular/:regionId', validate({ params: productRegionParams }), async (ctx) => {
    const { id, regionId } = ctx.state.valid.params as ProductRegionParams;
    ctx.body = await catalogue.popularOptions(id, regionId);
  });

  return router;
}
