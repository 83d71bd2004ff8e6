import { useMutation } from '@tanstack/react-query';
import type { CartAnswer } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { useCartFailureToast } from '../../../lib/cart-failure';
import { removeLine } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

/** The line to remove; its title names it in a failure message. */
export interface RemoveCartItemInput {
  id: number;
  title: string;
}

export function removeCartItem({ id }: RemoveCartItemInput): Promise<CartAnswer> {
  return api.delete<CartAnswer>(`/cart/remove/${id}`);
}

/** Removes a line, at once; it comes back if the server refuses, with a message naming it (sent from here: the last line's removal unmounts the page that asked). */
export function useRemoveCartItem() {
  const cache = useCartCache();
  const failed = useCartFailureToast();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: removeCartItem,
    onMutate: ({ id }) => cache.apply((cart) => removeLine(cart, id), id),
    onError: (error, { title }, undo) => {
      cache.rollback(undo);
      failed({ kind: 'remove', title }, error);
    },
    onSuccess: (cart) => cache.settle(cart),
  });
}
