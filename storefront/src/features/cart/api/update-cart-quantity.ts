import { useMutation } from '@tanstack/react-query';
import type { cartEndpoints, ResponseOf, UpdateQuantityBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { setLineQuantity } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

type CartQuantityAnswer = ResponseOf<typeof cartEndpoints.updateQuantity>;

/** The line's id (the path) and its new quantity (the body). */
export function updateCartQuantity({ id, quantity }: UpdateQuantityBody & { id: number }): Promise<CartQuantityAnswer> {
  return api.put<CartQuantityAnswer>(`/cart/update-quantity/${id}`, { quantity });
}

/** Sets a line's quantity, shown at once and rolled back if the server refuses. */
export function useUpdateCartQuantity() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: updateCartQuantity,
    onMutate: ({ id, quantity }) => cache.apply((cart) => setLineQuantity(cart, id, quantity), id),
    onError: (_error, _input, undo) => cache.rollback(undo),
    onSuccess: (cart) => cache.settle(cart),
  });
}
