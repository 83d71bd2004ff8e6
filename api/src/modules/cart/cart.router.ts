import Router from '@koa/router';
import { currentUser, type AuthGuards } from '../../middleware/auth';
import { bigIdParams, type IdParams } from '../../lib/admin-input';
import { validate } from '../../middleware/validate';
import type { AppState } from '../../types';
import {
  addToCartBody,
  emptyBody,
  updateQuantityBody,
  type AddToCartBody,
  type UpdateQuantityBody,
} from './cart.schemas';
import type { Cart, CartService } from './cart.service';

/** Every cart call answers with the whole cart, so the client can reconcile its optimistic update. */
function cartBody<Extra extends object>({ items, subtotal, ...extra }: Cart & Extra) {
  return { success: true, data: items, subtotal, ...extra };
}

export function createCartRouter(deps: { cart: CartService; guards: AuthGuards }) {
  const { cart, guards } = deps;
  const router = new Router<AppState>();

  router.get('/cart', guards.requireUser, async (ctx) => {
    ctx.body = cartBody(await cart.cart(currentUser(ctx).id));
  });

  router.post('/cart/add', guards.requireUser, validate({ body: addToCartBody }), async (ctx) => {
    ctx.body = cartBody(await cart.add(currentUser(ctx).id, ctx.state.valid.body as AddToCartBody));
  });

  router.put(
    '/cart/update-quantity/:id',
    guards.requireUser,
    validate({ params: bigIdParams, body: updateQuantityBody }),
    async (ctx) => {
      const { id } = ctx.state.valid.params as IdParams;
      const { quantity } = ctx.state.valid.body as UpdateQuantityBody;
      ctx.body = cartBody(await cart.updateQuantity(currentUser(ctx).id, id, quantity));
    },
  );

  router.delete('/cart/remove/:id', guards.requireUser, validate({ params: bigIdParams }), async (ctx) => {
    ctx.body = cartBody(await cart.remove(currentUser(ctx).id, (ctx.state.valid.params as IdParams).id));
  });

  router.post('/cart/clear', guards.requireUser, validate({ body: emptyBody }), async (ctx) => {
    ctx.body = cartBody(await cart.clear(currentUser(ctx).id));
  });

  return router;
}
