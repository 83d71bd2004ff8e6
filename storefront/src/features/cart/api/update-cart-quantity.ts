import { useMutation } from '@tanstack/react-query';
import type { cartEndpoints, ResponseOf, UpdateQuantityBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { useCartFailureToast } from '../../../lib/cart-failure';
import { setLineQuantity } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

type CartQuantityAnswer = ResponseOf<typeof cartEndpoints.updateQuantity>;

/** The line's id (the path), its new quantity (the body), and its title for a failure message. */
export type UpdateCartQuantityInput = UpdateQuantityBody & { id: number; title: string };

export function updateCartQuantity({ id, quantity }: UpdateCartQuantityInput): Promise<CartQuantityAnswer> {
  return api.put<CartQuantityAnswer>(`/cart/update-quantity/${id}`, { quantity });
}

/** Sets a line's quantity, shown at once and rolled back if the server refuses, with a message naming the line. */
export function useUpdateCartQuantity() {
  const cache = useCartCache();
  const failed = useCartFailureToast();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: updateCartQuantity,
    onMutate: ({ id, quantity }) => cache.apply((cart) => setLineQuantity(cart, id, quantity), id),
    onError: (error, { title }, undo) => {
      cache.rollback(undo);
      failed({ kind: 'quantity', title }, error);
    },
    onSuccess: (cart) => cache.settle(cart),
  });
}
