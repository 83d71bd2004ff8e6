import { queryOptions, useQuery } from '@tanstack/react-query';
import { fromMinor, toMinor } from '@topup/common';
import type { CartAnswer, CartLine } from '@topup/common/api';
import { api } from './api-client';
import { useSession } from './auth';
import { toAmount } from './currency';
import type { QueryConfig } from './react-query';

/**
 * The shopper's cart as every part of the store reads it: the header's count, the cart page,
 * checkout. Changing it is the cart feature's (and adding to it the catalogue's).
 */

export function getCart({ signal }: { signal?: AbortSignal } = {}): Promise<CartAnswer> {
  return api.get<CartAnswer>('/cart', { signal });
}

/** All cart queries start with this key, so one invalidation refreshes every view of the cart. */
export const CART_KEY = 'cart';

export const getCartQueryOptions = (token: string | null) =>
  queryOptions({
    // The token is part of the key: another login never sees the previous shopper's cart.
    queryKey: [CART_KEY, token],
    queryFn: ({ signal }) => getCart({ signal }),
    enabled: token !== null,
    // The cart changes in other tabs and after checkout: look again whenever a view of it appears.
    staleTime: 10_000,
    refetchOnMount: true,
  });

export function useCart({ queryConfig }: { queryConfig?: QueryConfig<typeof getCartQueryOptions> } = {}) {
  const session = useSession();
  return useQuery({ ...getCartQueryOptions(session?.token ?? null), ...queryConfig });
}

/** Sums of price times quantity per currency, in minor units so no float error creeps in. */
export function cartTotals(items: readonly Pick<CartLine, 'price_usd' | 'price_rub' | 'quantity'>[]): { usd: number; rub: number } {
  let usd = 0;
  let rub = 0;
  for (const item of items) {
    const quantity = Number.isSafeInteger(item.quantity) && item.quantity > 0 ? item.quantity : 0;
    usd += toMinor(toAmount(item.price_usd)) * quantity;
    rub += toMinor(toAmount(item.price_rub)) * quantity;
  }
  return { usd: fromMinor(usd), rub: fromMinor(rub) };
}

/** Sums of sale price times quantity per currency: what checkout charges before a promo code (docs/architecture.md, "Promotions that discount"). */
export function cartSaleTotals(items: readonly Pick<CartLine, 'price_usd' | 'price_rub' | 'quantity' | 'sale'>[]): { usd: number; rub: number } {
  return cartTotals(items.map((item) => (item.sale ? { ...item, price_usd: item.sale.price_usd, price_rub: item.sale.price_rub } : item)));
}

/** Units in the cart (what the header shows next to "Cart"). */
export function cartItemCount(items: readonly Pick<CartLine, 'quantity'>[] | undefined): number {
  return (items ?? []).reduce((count, item) => count + (item.quantity > 0 ? item.quantity : 0), 0);
}
