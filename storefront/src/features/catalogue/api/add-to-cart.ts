import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart';
import type { MutationConfig } from '../../../lib/react-query';
import type { AddToCartInput } from '../../../types/api';

export function addToCart(input: AddToCartInput): Promise<unknown> {
  return api.post<unknown>('/cart/add', input);
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
