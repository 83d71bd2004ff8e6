import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CartAnswer } from '@topup/common/api';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { api } from '../../../lib/api-client';
import { useCartFailureToast } from '../../../lib/cart-failure';
import { EMPTY_CART } from '../utils/cart-rules';
import { CART_CHANGE_KEY, useCartCache } from './cart-cache';

export function clearCart(): Promise<CartAnswer> {
  return api.post<CartAnswer>('/cart/clear', {});
}

/**
 * Empties the cart at once; the lines come back if the server refuses. Its messages (cleared, or
 * could not) are sent from here, not from the page: the emptied cart unmounts the lines that asked.
 */
export function useClearCart() {
  const { t } = useTranslation();
  const toast = useToast();
  const cache = useCartCache();
  const failed = useCartFailureToast();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: clearCart,
    onMutate: () => cache.apply((cart) => ({ ...cart, ...EMPTY_CART })),
    onError: (error, _input, undo) => {
      cache.rollback(undo);
      failed({ kind: 'clear' }, error);
    },
    onSuccess: (cart) => {
      cache.settle(cart);
      toast.info(t('cart.cleared'));
    },
  });
}
