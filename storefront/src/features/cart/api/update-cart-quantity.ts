import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CartResponse } from '../../../types/cart';
import { setLineQuantity } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

export interface UpdateCartQuantityInput {
  id: number;
  quantity: number;
}

export function updateCartQuantity({ id, quantity }: UpdateCartQuantityInput): Promise<CartResponse> {
  return api.put<CartResponse>(`/cart/update-quantity/${id}`, { quantity });
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
