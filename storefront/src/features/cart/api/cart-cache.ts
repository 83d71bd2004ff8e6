import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CartAnswer, CartLine } from '@topup/common/api';
import { useSession } from '../../../lib/auth';
import { restoreLine } from '../utils/cart-rules';
import { CART_KEY, getCartQueryOptions } from '../../../lib/cart';

/** Key shared by every cart change, so a change can tell whether others are still on their way. */
export const CART_CHANGE_KEY = [CART_KEY, 'change'] as const;

/** How to undo one optimistic change: the line as it was and where it stood, or the whole cart. */
export interface CartRollback {
  line?: { item: CartLine; index: number };
  cart?: CartAnswer;
}

/**
 * The cached cart as cart changes see it (changes apply at once and roll back when
 * the server call fails). The server's answer replaces the optimistic view only once no other change
 * is pending, so a quick series of clicks never flickers back to an older state.
 */
export function useCartCache() {
  const queryClient = useQueryClient();
  const session = useSession();
  const token = session?.token ?? null;

  return useMemo(() => {
    const { queryKey } = getCartQueryOptions(token);
    const othersPending = () => queryClient.isMutating({ mutationKey: CART_CHANGE_KEY }) > 1;

    return {
      queryKey,

      /** Applies a change to the cached cart at once; returns how to undo it. */
      async apply(change: (cart: CartAnswer) => CartAnswer, lineId?: number): Promise<CartRollback> {
        await queryClient.cancelQueries({ queryKey });
        const current = queryClient.getQueryData(queryKey);
        if (!current) return {};
        const index = lineId === undefined ? -1 : current.data.findIndex((item) => item.id === lineId);
        const item = current.data[index];
        queryClient.setQueryData(queryKey, change(current));
        return item ? { line: { item, index } } : { cart: current };
      },

      /** The server refused: put back what this change altered, then ask the server for the truth. */
      rollback(undo: CartRollback | undefined): void {
        if (undo?.line) {
          const { item, index } = undo.line;
          queryClient.setQueryData(queryKey, (cart) => (cart ? restoreLine(cart, item, index) : cart));
        } else if (undo?.cart) {
          queryClient.setQueryData(queryKey, undo.cart);
        }
        if (!othersPending()) void queryClient.invalidateQueries({ queryKey });
      },

      /** The server's cart after a change: taken as is once nothing else is pending. */
      settle(cart: CartAnswer): void {
        if (!othersPending()) queryClient.setQueryData(queryKey, cart);
      },
    };
  }, [queryClient, token]);
}
