import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, cartEndpoints, ResponseOf } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart';
import { getFreefireCodesQueryOptions } from './get-codes';

export function addCodeToCart(input: AddToCartBody): Promise<ResponseOf<typeof cartEndpoints.add>> {
  return api.post<ResponseOf<typeof cartEndpoints.add>>('/cart/add', input);
}

/** Puts a Free Fire code in the cart; the cart and the codes' stock are read again, whatever the answer. */
export function useAddCodeToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCodeToCart,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
      void queryClient.invalidateQueries({ queryKey: getFreefireCodesQueryOptions().queryKey });
    },
  });
}
