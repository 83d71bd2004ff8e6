import { useMutation } from '@tanstack/react-query';
import type { CartAnswer } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { EMPTY_CART } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

export function clearCart(): Promise<CartAnswer> {
  return api.post<CartAnswer>('/cart/clear', {});
}

/** Empties the cart at once; the lines come back if the server refuses. */
export function useClearCart() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: clearCart,
    onMutate: () => cache.apply((cart) => ({ ...cart, ...EMPTY_CART })),
    onError: (_error, _input, undo) => cache.rollback(undo),
    onSuccess: (cart) => cache.settle(cart),
  });
}
