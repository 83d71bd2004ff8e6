import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, cartEndpoints, ResponseOf } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart';
import type { MutationConfig } from '../../../lib/react-query';

export function addToCart(input: AddToCartBody): Promise<ResponseOf<typeof cartEndpoints.add>> {
  return api.post<ResponseOf<typeof cartEndpoints.add>>('/cart/add', input);
}

export function useAddToCart({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addToCart> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: addToCart,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
      return onSuccess?.(...args);
    },
  });
}
