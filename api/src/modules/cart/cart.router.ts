import Router from '@koa/router';
import { cartEndpoints } from '@topup/common/api';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { AppState } from '../../types';
import type { Cart, CartService } from './cart.service';

/** Every cart call answers with the whole cart, so the client can reconcile its optimistic update. */
function cartBody<Extra extends object>({ items, subtotal, saleSubtotal, ...extra }: Cart & Extra) {
  return { success: true as const, data: items, subtotal, ...(saleSubtotal ? { sale_subtotal: saleSubtotal } : {}), ...extra };
}

export function createCartRouter(deps: { cart: CartService; guards: AuthGuards }) {
  const { cart, guards } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router, guards);

  routes.add(cartEndpoints.get, async (ctx) => cartBody(await cart.cart(currentUser(ctx).id, contentLanguage(ctx))));

  routes.add(cartEndpoints.add, async (ctx, { body }) => cartBody(await cart.add(currentUser(ctx).id, contentLanguage(ctx), body)));

  routes.add(cartEndpoints.updateQuantity, async (ctx, { params, body }) =>
    cartBody(await cart.updateQuantity(currentUser(ctx).id, contentLanguage(ctx), params.id, body.quantity)),
  );

  routes.add(cartEndpoints.remove, async (ctx, { params }) => cartBody(await cart.remove(currentUser(ctx).id, contentLanguage(ctx), params.id)));

  routes.add(cartEndpoints.clear, async (ctx) => cartBody(await cart.clear(currentUser(ctx).id, contentLanguage(ctx))));

  return router;
}
