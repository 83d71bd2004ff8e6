import { useMutation } from '@tanstack/react-query';
import type { CartAnswer } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { removeLine } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

export function removeCartItem(id: number): Promise<CartAnswer> {
  return api.delete<CartAnswer>(`/cart/remove/${id}`);
}

/** Removes a line, at once; it comes back if the server refuses. */
export function useRemoveCartItem() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: removeCartItem,
    onMutate: (id) => cache.apply((cart) => removeLine(cart, id), id),
    onError: (_error, _id, undo) => cache.rollback(undo),
    onSuccess: (cart) => cache.settle(cart),
  });
}
